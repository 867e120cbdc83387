import Logging
import PickerProtocol

#if canImport(Glibc)
import Glibc
#endif

/// Log lines on stderr. Under journald (`JOURNAL_STREAM` set) each line starts
/// with its syslog priority, `<6>` for info, which journald reads as the level;
/// otherwise the level is written out.
public struct StderrLogHandler: LogHandler {
    public var logLevel: Logger.Level
    public var metadata: Logger.Metadata = [:]
    private let label: String
    private let journald: Bool

    public init(label: String, level: Logger.Level, journald: Bool) {
        self.label = label
        logLevel = level
        self.journald = journald
    }

    public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    /// The syslog priority journald expects for each level.
    public static func priority(of level: Logger.Level) -> Int {
        switch level {
        case .trace, .debug: return 7
        case .info: return 6
        case .notice: return 5
        case .warning: return 4
        case .error: return 3
        case .critical: return 2
        }
    }

    public func log(event: LogEvent) {
        var line: [UInt8] = []
        line.reserveCapacity(160)
        if journald {
            line += "<\(Self.priority(of: event.level))>".utf8
        } else {
            line += "\(label): \(event.level): ".utf8
        }
        // One line per message: a newline inside it becomes a space.
        for byte in event.message.description.utf8 {
            line.append(byte == 0x0A ? 0x20 : byte)
        }
        line.append(0x0A)
        // Whole lines, so lines from different threads never interleave.
        StderrLines.shared.write(line, urgent: event.level >= .error)
    }
}
