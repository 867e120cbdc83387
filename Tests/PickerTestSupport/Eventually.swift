import Foundation

/// Waits until `condition` holds, checking it every 10 ms, and throws a
/// `TestFailure` naming `what` if it does not within `timeout` seconds
/// (generous by default: CI runs the tests under TSan and ASan on two cores).
/// The one way a test waits for something it cannot be told about; the async
/// form leaves the thread to other tests while it waits.
public func eventually(
    _ what: @autoclosure () -> String = "the condition", timeout: TimeInterval = 30,
    _ condition: () async throws -> Bool
) async throws {
    let deadline = Date().addingTimeInterval(timeout)
    var polls = 0
    while try await !condition() {
        polls += 1
        // Time alone does not fail an async wait: in a whole parallel run the
        // synchronous tests hold Swift's few pool threads, and each poll (and
        // whatever the condition waits on) can queue behind them for seconds.
        // So a condition also gets its 500 polls, as the loops this replaced did.
        guard Date() < deadline || polls < asyncPollsBeforeGivingUp else {
            throw EventuallyTimeout(what: what(), timeout: timeout)
        }
        try await Task.sleep(for: .milliseconds(10))
    }
}

/// How many times an async `eventually` checks its condition, at least,
/// before it gives up.
let asyncPollsBeforeGivingUp = 500

/// The same for synchronous code: the harness's initialisers and
/// `deinit`s, fixtures that a synchronous test calls.
public func eventually(
    _ what: @autoclosure () -> String = "the condition", timeout: TimeInterval = 30, _ condition: () throws -> Bool
) throws {
    guard try holdsWithin(timeout, condition) else { throw EventuallyTimeout(what: what(), timeout: timeout) }
}

/// Whether `condition` holds within `timeout` seconds, checked every 10 ms:
/// for the few waits whose timing out is an answer rather than a failure
/// (a process asked to stop that may need a SIGKILL, a screen that a test
/// expects to change or not).
/// `every` spaces out conditions that cost a process to check (tmux's screen).
public func holdsWithin(
    _ timeout: TimeInterval, every interval: TimeInterval = 0.01, _ condition: () throws -> Bool
) rethrows -> Bool {
    let deadline = Date().addingTimeInterval(timeout)
    while try !condition() {
        guard Date() < deadline else { return false }
        usleep(useconds_t(interval * 1_000_000))
    }
    return true
}

/// What `eventually` throws when the condition never held: a test failure
/// that says what was awaited and for how long.
public struct EventuallyTimeout: Error, CustomStringConvertible {
    public let what: String
    public let timeout: TimeInterval
    public var description: String { "waited \(Self.seconds(timeout)) s for \(what), in vain" }

    private static func seconds(_ timeout: TimeInterval) -> String {
        timeout == timeout.rounded() ? String(Int(timeout)) : String(timeout)
    }
}
