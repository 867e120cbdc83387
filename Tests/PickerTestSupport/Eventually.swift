import Foundation

/// Waits until `condition` holds, polling every 10 ms; whether it did within
/// `timeout` (generous: CI runs the tests under TSan and ASan on two cores).
public func eventually(timeout: TimeInterval = 30, _ condition: () throws -> Bool) rethrows -> Bool {
    let deadline = Date().addingTimeInterval(timeout)
    while Date() < deadline {
        if try condition() { return true }
        usleep(10_000)
    }
    return try condition()
}
