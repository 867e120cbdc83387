import PickerSystem

/// Where the daemon's log lines go: stderr, one `write` per line; or, while
/// the core runs a turn (`DaemonCore.beginTurn`), gathered and written in one
/// `write` when it ends. Every window logs two lines, presented and dismissed,
/// and their writes were a twentieth of a durable present+submit. An error or
/// worse goes at once, with what was held before it, so that a daemon that
/// stops on it has said so.
package final class StderrLines: Sendable {
    package static let shared = StderrLines()

    private struct State {
        var held: [UInt8] = []
        var holding = false
    }

    private let state = Locked(State())

    /// Writes `line` (its newline included), or holds it for the turn's end.
    func write(_ line: [UInt8], urgent: Bool) {
        state.withLock { state in
            if state.holding, !urgent {
                state.held += line
                return
            }
            Self.writeOut(&state.held)
            var line = line
            Self.writeOut(&line)
        }
    }

    /// Lines from now on wait for `release`.
    package func hold() {
        state.withLock { $0.holding = true }
    }

    /// Writes what was held, in one go.
    package func release() {
        state.withLock { state in
            state.holding = false
            Self.writeOut(&state.held)
        }
    }

    /// All of `bytes`, however the pipe takes them; then empties it.
    private static func writeOut(_ bytes: inout [UInt8]) {
        guard !bytes.isEmpty else { return }
        POSIX.writeAll(bytes, to: 2)
        bytes.removeAll(keepingCapacity: bytes.capacity <= 64 * 1024)
    }
}
