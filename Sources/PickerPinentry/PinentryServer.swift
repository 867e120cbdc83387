import PickerProtocol

#if canImport(Glibc)
import Glibc
#endif

/// The Assuan server side of a pinentry, as pinentry-tty speaks it: reads
/// gpg-agent's commands line by line, keeps what they set, and turns GETPIN,
/// CONFIRM and MESSAGE into questions for `asker`. docs/pinentry.md has each
/// command and what it becomes.
public struct PinentryServer<Asker: PinentryAsker> {
    /// The flavor GETINFO names (pinentry's is its program name after `pinentry-`).
    public static var flavor: String { "pickerd" }

    private var input: AssuanLineReader
    private let write: ([UInt8]) -> Bool
    private var asker: Asker
    private let report: (String) -> Void
    private let requester: (PinentryOptions) -> Requester
    private var texts = PinentryTexts()
    private var options = PinentryOptions()

    /// `write` writes one whole line (its newline included) and says whether
    /// it could; `report` takes a sentence for stderr, never a value;
    /// `requester` says who asks, from the options gpg-agent set.
    public init(
        input: AssuanLineReader, write: @escaping ([UInt8]) -> Bool, asker: Asker,
        options: PinentryOptions = PinentryOptions(),
        requester: @escaping (PinentryOptions) -> Requester = { Requester.current(owner: $0.owner) },
        report: @escaping (String) -> Void
    ) {
        self.input = input
        self.write = write
        self.asker = asker
        self.options = options
        self.requester = requester
        self.report = report
    }

    /// Greets, then serves commands until BYE, the end of the input, or a
    /// write that fails (gpg-agent went away).
    public mutating func run() {
        guard send("OK Pleased to meet you") else { return }
        while true {
            switch input.next() {
            case .line(let line):
                guard serve(line) else { return }
            case .tooLong:
                report("refused a line over \(AssuanLineReader.longestLine) bytes")
                guard send(AssuanError.lineTooLong.line) else { return }
            case .end(let partial):
                if !partial.isEmpty {
                    let word = String(decoding: partial.prefix { $0 != UInt8(ascii: " ") }.prefix(20), as: UTF8.self)
                    report("the input ended in the middle of a command (\(word.debugDescription)), which was not run")
                }
                return
            }
        }
    }

    /// One line; false once the session is over.
    private mutating func serve(_ line: [UInt8]) -> Bool {
        guard let first = line.first, first != UInt8(ascii: "#") else { return true }
        if first == UInt8(ascii: " ") || first == UInt8(ascii: "\t") {
            return send(AssuanError.syntax("leading white-space").line)
        }
        let wordEnd = line.firstIndex { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") } ?? line.endIndex
        let argument = line[wordEnd...].drop { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }
        let word = String(decoding: line[..<wordEnd], as: UTF8.self).uppercased()
        guard let command = PinentryCommand(rawValue: word) else { return send(AssuanError.unknownCommand.line) }
        if command == .bye {
            _ = send("OK closing connection")
            return false
        }
        do throws(AssuanError) {
            let (status, data) = try perform(command, Array(argument))
            for line in status where !send(line) { return false }
            for line in data where !write(line + [UInt8(ascii: "\n")]) { return false }
            return send("OK")
        } catch {
            return send(error.line)
        }
    }

    /// Does `command`: status lines (`S …`) and data lines (`D …`) to send
    /// before OK, or the error to answer.
    private mutating func perform(_ command: PinentryCommand, _ argument: [UInt8]) throws(AssuanError) -> (
        status: [String], data: [[UInt8]]
    ) {
        let text = AssuanText.decoded(argument)
        let raw = String(decoding: argument, as: UTF8.self)
        switch command {
        case .nop, .cancel, .auth, .clearPassphrase, .setGenPin, .setGenPinTooltip, .setQualityBarTooltip: break
        case .bye: break
        case .end: throw .notImplemented
        case .help: return (PinentryCommand.allCases.map { "# \($0.rawValue)" }, [])
        case .option: try option(raw)
        case .reset: texts = PinentryTexts()
        case .setDescription: texts.description = text
        case .setPrompt: texts.prompt = text
        case .setTitle: texts.title = text
        case .setError: texts.error = text
        case .setOK: texts.ok = text
        case .setCancel: texts.cancel = text
        case .setNotOK: texts.notOK = text
        case .setRepeat: texts.repeatPrompt = text.isEmpty ? "Repeat:" : text
        case .setRepeatError: texts.repeatError = text
        case .setRepeatOK: texts.repeatOK = text
        case .setKeyInfo: texts.keyInfo = raw.isEmpty || raw == "--clear" ? nil : raw
        case .setQualityBar: texts.qualityBar = text.isEmpty ? "Quality:" : text
        case .setTimeout:
            // atoi, as pinentry reads it: leading digits, else 0.
            if !raw.isEmpty { options.timeoutSeconds = Int(raw.prefix { $0.isASCII && $0.isNumber }.prefix(9)) ?? 0 }
        case .getInfo: return ([], AssuanText.dataLines(Array(try info(raw).utf8)))
        case .getPin: return try pin()
        case .confirm: try confirm(oneButton: raw.contains("--one-button"))
        case .message: try confirm(oneButton: true)
        }
        return ([], [])
    }

    /// `OPTION name=value`, `OPTION name value` or `OPTION --name`, read as libassuan reads it.
    private mutating func option(_ line: String) throws(AssuanError) {
        var rest = Substring(line).drop { $0 == " " || $0 == "\t" }
        guard !rest.isEmpty else { throw .syntax("argument required") }
        guard rest.first != "=" else { throw .syntax("no option name given") }
        var key = rest.prefix { $0 != " " && $0 != "\t" && $0 != "=" }
        rest = rest.dropFirst(key.count).drop { $0 == " " || $0 == "\t" }
        if rest.first == "=" {
            rest = rest.dropFirst().drop { $0 == " " || $0 == "\t" }
            guard !rest.isEmpty else { throw .syntax("option argument expected") }
        }
        while let last = rest.last, last == " " || last == "\t" { rest = rest.dropLast() }
        if key.hasPrefix("--"), key.count > 2 { key = key.dropFirst(2) }
        guard key.first != "-" else { throw .syntax("option should not begin with one dash") }
        try options.set(String(key), String(rest))
    }

    /// GETINFO's answers, as pinentry gives them.
    private func info(_ what: String) throws(AssuanError) -> String {
        switch what {
        case "flavor": return Self.flavor
        case "version": return PickerdVersion.current
        case "pid": return String(getpid())
        case "ttyinfo":
            // TTYNAME TTYTYPE DISPLAY TTY-MODE/UID/GID EUID/EGID EMACS, "-" for none.
            return [
                options.ttyName ?? "-", options.ttyType ?? "-", options.display ?? "-", deviceStat(options.ttyName),
                "\(geteuid())/\(getegid())", "-",
            ].joined(separator: " ")
        default: throw .parameter
        }
    }

    /// `MODE/UID/GID` of the tty in octal and decimal, `?` when it cannot be read, `-` for none.
    private func deviceStat(_ path: String?) -> String {
        guard let path, !path.isEmpty else { return "-" }
        var info = stat()
        guard stat(path, &info) == 0 else { return "?" }
        return "\(String(info.st_mode, radix: 8))/\(info.st_uid)/\(info.st_gid)"
    }

    /// GETPIN: a secure window; with SETREPEAT a second one, asked again
    /// (the mismatch shown) until both agree. SETERROR and SETREPEAT last
    /// for this one GETPIN, as in pinentry.
    private mutating func pin() throws(AssuanError) -> (status: [String], data: [[UInt8]]) {
        defer {
            texts.error = nil
            texts.repeatPrompt = nil
            texts.qualityBar = nil
        }
        let dialogs = PinentryDialogs(texts: texts, options: options, requester: requester(options))
        var note = texts.error
        while true {
            let value = try secret(dialogs.secret(note: note, repeating: false))
            guard texts.repeatPrompt != nil else {
                return ([], AssuanText.dataLines(Array(value.utf8)))
            }
            let again = try secret(dialogs.secret(note: nil, repeating: true))
            if again == value {
                return (["S PIN_REPEATED"], AssuanText.dataLines(Array(value.utf8)))
            }
            note = texts.repeatError.flatMap { $0.isEmpty ? nil : $0 } ?? "Passphrases don't match."
            report("the two values did not match; asking again")
        }
    }

    /// Asks `question`; the ends that mean the same for every command (a
    /// timeout, pickerd out of reach, the asker gone) are their errors.
    private mutating func ask(_ question: PinentryQuestion) throws(AssuanError) -> PinentryAnswer {
        switch asker.ask(question) {
        case .timedOut: throw .timeout
        case .unavailable(let why):
            report(why)
            throw .noPinentry
        case .askerGone(let who):
            report(who)
            throw .cancelled
        case let answer: return answer
        }
    }

    private mutating func secret(_ question: PinentryQuestion) throws(AssuanError) -> String {
        guard case .secret(let value) = try ask(question) else { throw .cancelled }
        return value
    }

    /// CONFIRM (OK, NotOK, Cancel) or a notice (one button, always OK but for a timeout).
    private mutating func confirm(oneButton: Bool) throws(AssuanError) {
        defer { texts.error = nil }
        let (question, notOKIndex) = PinentryDialogs(texts: texts, options: options, requester: requester(options))
            .confirmation(oneButton: oneButton)
        switch try ask(question) {
        case .button(0): return
        case .button(let index) where index == notOKIndex && !oneButton: throw .notConfirmed
        default:
            if oneButton { return }
            throw .cancelled
        }
    }

    private func send(_ line: String) -> Bool {
        write(Array((line + "\n").utf8))
    }
}
