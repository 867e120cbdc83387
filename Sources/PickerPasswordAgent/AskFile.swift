/// One `ask.*` file of systemd's password agent protocol (docs/PASSWORD_AGENTS.md
/// in systemd): an ini file whose `[Ask]` section says what to ask and where
/// to send the answer.
///
/// ```
/// [Ask]
/// PID=812
/// Socket=/run/systemd/ask-password/sck.8fc8a727fd142540
/// AcceptCached=0
/// Echo=0
/// NotAfter=37665809279
/// Silent=0
/// Message=Please enter passphrase for disk root:
/// Icon=drive-harddisk
/// Id=cryptsetup:/dev/sda5
/// ```
///
/// Read as systemd's own agent reads it (`config_parse` with the relaxed
/// flags): a byte order mark, blank lines and `#`/`;` comments skipped, a trailing backslash
/// continues a line, keys are case-sensitive, the last of a repeated key
/// wins, unknown keys and sections are ignored ("so that we can easily
/// extend the format"), and a value that does not parse (`NotAfter=soon`,
/// `Echo=maybe`) is ignored with a warning, leaving the key unset. A file
/// without `Socket=` is refused: there is nowhere to answer.
public struct AskFile: Sendable, Equatable {
    /// The AF_UNIX datagram socket the answer goes to.
    public var socket: String
    /// CLOCK_MONOTONIC microseconds after which the request is void; 0 for never.
    public var notAfter: UInt64 = 0
    /// The asking process; 0 when not given.
    public var pid: Int32 = 0
    public var message: String?
    /// An XDG icon name.
    public var icon: String?
    /// What the password is for, as the asker names it (`cryptsetup:/dev/sda5`).
    public var id: String?
    /// The input may be shown while typed.
    public var echo = false
    /// Nothing at all is shown while typed, not even a mask.
    public var silent = false
    /// The asker would take a cached password (only Plymouth keeps any).
    public var acceptCached = false
    /// What was ignored, one sentence each, for the agent's log.
    public var warnings: [String] = []

    public init(socket: String) {
        self.socket = socket
    }

    /// Files larger than this are refused unread: systemd writes a few hundred
    /// bytes, and a request's message is one line.
    public static let largestFile = 64 * 1024

    public static func parse(_ bytes: [UInt8]) -> Result<AskFile, AskFileProblem> {
        guard bytes.count <= largestFile else { return .failure(.tooLarge(bytes: bytes.count)) }
        var values: [String: (value: String, line: Int)] = [:]
        var warnings: [String] = []
        var section: String?
        // A byte order mark is skipped, as systemd's parser skips it.
        let content = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(bytes.dropFirst(3)) : bytes
        for (number, line) in logicalLines(content) {
            guard let text = String(validating: line, as: UTF8.self), !line.contains(0) else {
                warnings.append("line \(number) is not UTF-8 text; ignored")
                continue
            }
            let trimmed = text.trimmingWhitespace
            if trimmed.isEmpty || trimmed.hasPrefix("#") || trimmed.hasPrefix(";") { continue }
            if trimmed.hasPrefix("[") {
                guard trimmed.hasSuffix("]"), trimmed.count >= 2 else {
                    return .failure(.badSectionHeader(line: number))
                }
                section = String(trimmed.dropFirst().dropLast())
                continue
            }
            guard section == "Ask" else { continue }
            guard let equals = trimmed.firstIndex(of: "=") else {
                warnings.append("line \(number) has no '='; ignored")
                continue
            }
            let key = String(trimmed[..<equals]).trimmingWhitespace
            values[key] = (String(trimmed[trimmed.index(after: equals)...]).trimmingWhitespace, number)
        }

        func string(_ key: String) -> String? {
            guard let value = values[key]?.value, !value.isEmpty else { return nil }
            return value
        }
        func parsed<Value>(_ key: String, _ parse: (String) -> Value?, expecting: String) -> Value? {
            guard let (text, line) = values[key], !text.isEmpty else { return nil }
            guard let value = parse(text) else {
                warnings.append("line \(line): \(key)= is not \(expecting); ignored")
                return nil
            }
            return value
        }

        guard
            let socket = parsed(
                "Socket", { $0.isSafe ? $0 : nil }, expecting: "a path without quotes or control characters")
        else {
            return .failure(.noSocket(warnings: warnings))
        }
        var file = AskFile(socket: socket)
        file.notAfter =
            parsed(
                "NotAfter", { $0.allSatisfy(\.isASCIIDigit) ? UInt64($0) : nil }, expecting: "a number of microseconds")
            ?? 0
        file.pid =
            parsed(
                "PID", { text in Int32(text).flatMap { $0 > 0 && text.allSatisfy(\.isASCIIDigit) ? $0 : nil } },
                expecting: "a process id") ?? 0
        file.echo = parsed("Echo", parseBoolean, expecting: "a boolean") ?? false
        file.silent = parsed("Silent", parseBoolean, expecting: "a boolean") ?? false
        file.acceptCached = parsed("AcceptCached", parseBoolean, expecting: "a boolean") ?? false
        file.message = string("Message")
        file.icon = string("Icon")
        file.id = string("Id")
        file.warnings = warnings
        return .success(file)
    }

    /// systemd's `parse_boolean`.
    static func parseBoolean(_ text: String) -> Bool? {
        switch text.lowercased() {
        case "1", "yes", "y", "true", "t", "on": return true
        case "0", "no", "n", "false", "f", "off": return false
        default: return nil
        }
    }

    /// The file's lines, numbered from 1, with a line that ends in a backslash
    /// joined to the next (the backslash becomes a space), as systemd does.
    static func logicalLines(_ bytes: [UInt8]) -> [(Int, [UInt8])] {
        var lines: [(Int, [UInt8])] = []
        var pending: (Int, [UInt8])?
        for (index, raw) in bytes.split(separator: 0x0A, omittingEmptySubsequences: false).enumerated() {
            var line = Array(raw)
            while let last = line.last, last == 0x0D || last == 0x20 || last == 0x09 { line.removeLast() }
            let start = pending?.0 ?? index + 1
            var joined = (pending?.1 ?? []) + line
            if joined.last == 0x5C {
                joined[joined.count - 1] = 0x20
                pending = (start, joined)
                continue
            }
            pending = nil
            lines.append((start, joined))
        }
        if let pending { lines.append(pending) }
        return lines
    }
}

/// Why an ask file is not a request the agent can answer.
public enum AskFileProblem: Error, Sendable, Equatable, CustomStringConvertible {
    case tooLarge(bytes: Int)
    case badSectionHeader(line: Int)
    case noSocket(warnings: [String])

    public var description: String {
        switch self {
        case .tooLarge(let bytes):
            return "it has \(bytes) bytes, more than the \(AskFile.largestFile) an ask file may have"
        case .badSectionHeader(let line):
            return "line \(line) starts a section header without closing it"
        case .noSocket(let warnings):
            return (["it names no Socket= to answer on"] + warnings).joined(separator: "; ")
        }
    }
}

extension String {
    /// Without leading and trailing spaces, tabs and line breaks (systemd's WHITESPACE).
    var trimmingWhitespace: String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
        return String(drop(while: isSpace).reversed().drop(while: isSpace).reversed())
    }

    /// systemd's `string_is_safe`: no control characters, quotes or backslashes.
    var isSafe: Bool {
        unicodeScalars.allSatisfy { $0.value >= 0x20 && $0.value != 0x7F && !"\"'\\".unicodeScalars.contains($0) }
    }
}

extension Character {
    var isASCIIDigit: Bool { isASCII && isNumber }
}
