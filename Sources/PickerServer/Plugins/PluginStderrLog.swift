import Logging
import NIOCore
import PickerProtocol

/// A plugin program's stderr, into pickerd's log: line by line, each prefixed
/// `plugin KIND (pid N): `, cleaned (`PluginText`) and cut at
/// `maxLineBytes`, and rate-limited (a burst of `burstLines`, then
/// `linesPerSecond`). Lines over the rate are dropped, which is said once when
/// dropping starts and with a count when logging resumes or the stream ends.
final class PluginStderrLog {
    static let maxLineBytes = 1000
    static let burstLines = 100.0
    static let linesPerSecond = 10.0

    private let kind: String
    private let eventLoop: any EventLoop
    private let log: (Logger.Level, String) -> Void
    /// Set once the program is running.
    var pid: Int32?

    private var line: [UInt8] = []
    private var lineIsCut = false
    private var tokens = PluginStderrLog.burstLines
    private var refilledAt: NIODeadline
    private var dropped = 0

    init(kind: String, eventLoop: any EventLoop, log: @escaping (Logger.Level, String) -> Void) {
        self.kind = kind
        self.eventLoop = eventLoop
        self.log = log
        refilledAt = eventLoop.now
    }

    private var prefix: String {
        pid.map { "plugin \(kind) (pid \($0)): " } ?? "plugin \(kind): "
    }

    func append(_ bytes: [UInt8]) {
        for byte in bytes {
            if byte == 0x0A {
                emit()
            } else if line.count < Self.maxLineBytes {
                line.append(byte)
            } else {
                lineIsCut = true
            }
        }
    }

    /// The stream ended: a last line without newline, and what was dropped.
    func finish() {
        if !line.isEmpty { emit() }
        if dropped > 0 {
            log(.notice, "\(prefix)\(dropped) more stderr lines were dropped")
            dropped = 0
        }
    }

    private func emit() {
        defer {
            line.removeAll(keepingCapacity: true)
            lineIsCut = false
        }
        let now = eventLoop.now
        let elapsed = Double((now - refilledAt).nanoseconds) / 1e9
        tokens = min(Self.burstLines, tokens + max(0, elapsed) * Self.linesPerSecond)
        refilledAt = now
        guard tokens >= 1 else {
            if dropped == 0 {
                log(
                    .warning,
                    "\(prefix)writes too much to stderr; its lines are dropped until it slows down (\(Int(Self.burstLines)) at once, then \(Int(Self.linesPerSecond)) a second are logged)"
                )
            }
            dropped += 1
            return
        }
        tokens -= 1
        if dropped > 0 {
            log(.notice, "\(prefix)\(dropped) stderr lines were dropped")
            dropped = 0
        }
        let text = PluginText.cleaned(line, maxCharacters: Self.maxLineBytes) + (lineIsCut ? "…" : "")
        log(.notice, prefix + text)
    }
}
