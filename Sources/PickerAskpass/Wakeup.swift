import CPickerAskpass
import PickerSystem

#if canImport(Glibc)
import Glibc
#endif

/// What ends an askpass program's wait: the window's end, which the thread
/// waiting on pickerd reports, or SIGTERM, SIGINT or SIGHUP (ssh ends a
/// notice with SIGTERM; the kernel sends it when the asking program dies).
/// Both write a byte to one pipe, so one blocking read hears whichever comes
/// first, on whatever thread the signal lands.
final class Wakeup: Sendable {
    enum Cause: Sendable {
        case signal
        case windowEnded
    }

    private let readEnd: Int32
    private let writeEnd: Int32

    /// Traps the signals from now on; nil (errno set) when it cannot.
    init?() {
        var descriptors: [Int32] = [-1, -1]
        guard picker_askpass_trap_signals(&descriptors) == 0 else { return nil }
        readEnd = descriptors[0]
        writeEnd = descriptors[1]
    }

    /// Wakes `next()` with `.windowEnded`.
    func windowEnded() {
        var byte = UInt8(ascii: "w")
        _ = write(writeEnd, &byte, 1)
    }

    /// Blocks until one of them comes; a signal that came before counts.
    func next() -> Cause {
        var byte: UInt8 = 0
        while true {
            let count = read(readEnd, &byte, 1)
            if count == 1 { return byte == UInt8(ascii: "w") ? .windowEnded : .signal }
            if count < 0, errno == EINTR { continue }
            // Cannot happen while this holds the write end; stop rather than spin.
            return .signal
        }
    }
}
