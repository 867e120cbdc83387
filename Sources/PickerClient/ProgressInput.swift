import PickerProtocol
import PickerSystem

#if canImport(Glibc)
import Glibc
#endif

/// A progress's input (`pickerctl progress`'s and `pickerd-zenity
/// --progress`'s standard input), read on a thread of its own as
/// `zenity --progress` reads it (`ProgressLine`): the state so far is kept
/// here, and `changes` says it changed, holding at most one signal, so a
/// writer of 10,000 lines a second costs one update per round trip to
/// pickerd, carrying the newest state.
public final class ProgressInput: Sendable {
    /// What has been read: the state, and whether input has ended.
    public struct Reading: Sendable {
        public var state: ProgressState
        public var isAtEnd = false
    }

    /// A line longer than this is not a line of progress.
    static let longestLine = 64 * 1024

    public let changes: AsyncStream<Void>
    private let reading: Locked<Reading>

    /// `warn` is told of each line ignored (zenity ignores them silently).
    public init(descriptor: Int32, start: ProgressState, warn: @escaping @Sendable (String) -> Void) {
        let (changes, continuation) = AsyncStream<Void>.makeStream(bufferingPolicy: .bufferingNewest(1))
        self.changes = changes
        let reading = Locked(Reading(state: start))
        self.reading = reading
        POSIX.startThread {
            Self.read(descriptor, warn: warn) { line in
                reading.withLock { Self.apply(ProgressLine(line), to: &$0.state, warn: warn) }
                continuation.yield()
            }
            reading.withLock { $0.isAtEnd = true }
            continuation.yield()
            continuation.finish()
        }
    }

    /// What has been read so far.
    public var current: Reading { reading.withLock { $0 } }

    /// A line applied to the state; a malformed one is ignored with a warning.
    private static func apply(_ line: ProgressLine, to state: inout ProgressState, warn: (String) -> Void) {
        switch line {
        case .percent(let percent):
            // While pulsating no percentage is known; 100 still ends it (--auto-close).
            if state.percent != nil || percent >= 100 { state.percent = percent }
        case .text(let text):
            state.text = text
        case .blank:
            break
        case .malformed:
            warn("ignoring a line of standard input that is neither a number nor #text")
        }
    }

    /// Calls `body` with each line (without its newline or CR), the last
    /// one also when it has no newline, until end of input.
    private static func read(_ descriptor: Int32, warn: (String) -> Void, _ body: (Substring) -> Void) {
        var pending: [UInt8] = []
        /// Inside an overlong line already warned of: dropped up to its newline.
        var isSkipping = false
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { break }
            pending.append(contentsOf: chunk[0..<count])
            var start = pending.startIndex
            while let newline = pending[start...].firstIndex(of: 0x0A) {
                if !isSkipping { body(text(of: pending[start..<newline])) }
                isSkipping = false
                start = newline + 1
            }
            pending.removeSubrange(..<start)
            if isSkipping {
                pending.removeAll()
            } else if pending.count > longestLine {
                isSkipping = true
                warn("ignoring a line of standard input longer than \(longestLine) bytes")
                pending.removeAll()
            }
        }
        if !pending.isEmpty, !isSkipping { body(text(of: pending[...])) }
    }

    /// A line's text without its CR; invalid UTF-8 is replaced, as the text
    /// is shown, never run.
    private static func text(of bytes: ArraySlice<UInt8>) -> Substring {
        String(decoding: bytes.last == 0x0D ? bytes.dropLast() : bytes, as: UTF8.self)[...]
    }
}
