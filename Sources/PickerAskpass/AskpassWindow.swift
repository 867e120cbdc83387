import PickerJSON
import PickerProtocol
import PickerTerminal

/// The window an askpass prompt becomes, at level `alert` (a program waits
/// on it), tagged `askpass`, and dismissed when the askpass program dies.
///
/// The prompt's question is the title: its last line that ends in `?` or
/// `:` (ssh's host-key prompt explains first and asks last; ssh-agent's
/// confirm asks first, then gives the key's fingerprint), else its first
/// line, cut to `longestTitle` bytes. The message says who asks
/// (`AskerChain`) and then holds the rest of the prompt in order, or the
/// whole prompt when the title had to be cut. Control
/// characters and terminal escapes are written out visibly in both, so a
/// prompt cannot act on the terminal of whoever answers; a prompt of any
/// size becomes a window within the daemon's limits.
public struct AskpassWindow: Sendable {
    public static let tag = "askpass"
    /// A title is a line a person reads at a glance; the daemon would take 1 KiB.
    public static let longestTitle = 240
    public static let yes = "Yes"
    public static let no = "No"

    public var question: AskpassQuestion
    public var prompt: String
    public var asker: AskerChain
    // Made only inside PickerAskpass (and its @testable tests): the implicit
    // memberwise init serves, no public one is needed.

    /// The `present` call, within `limits` (`hello`'s; the defaults when nil).
    public func presentation(limits: HelloReply?) -> Present {
        let titleBytes = min(Self.longestTitle, HelloReply.value(of: .maxTitleBytes, in: limits))
        let (title, rest) = Self.split(prompt, titleBytes: titleBytes, fallback: fallbackTitle)
        var lines = ["Asked by \(asker.description)."]
        if !rest.isEmpty { lines.append(rest) }
        switch question {
        case .confirm: lines.append("Yes lets it go ahead; No refuses.")
        case .notice: lines.append("This goes away by itself once the program goes on.")
        case .secret, .plainText: break
        }
        let message = Self.cut(lines.joined(separator: "\n"), bytes: HelloReply.value(of: .maxMessageBytes, in: limits))
            .text
        return Present(
            kind: kind, title: title, message: message, level: .named("alert"), options: options,
            tag: Self.tag, onDisconnect: .dismiss)
    }

    private var kind: String {
        switch question {
        case .secret, .plainText: BuiltInKind.text.name
        case .confirm, .notice: BuiltInKind.actions.name
        }
    }

    private var options: JSONObject {
        func action(_ label: String, _ role: String) -> JSON {
            .object(JSONObject([ActionOption.label: .string(label), .role: .string(role)]))
        }
        switch question {
        case .secret: return JSONObject([TextOption.secure: true])
        case .plainText: return JSONObject()
        case .confirm:
            return JSONObject([ActionsOption.actions: .array([action(Self.yes, "default"), action(Self.no, "cancel")])])
        case .notice: return JSONObject([ActionsOption.actions: .array([action("OK", "default")])])
        }
    }

    private var fallbackTitle: String {
        switch question {
        case .secret: "A program asks for a password"
        case .plainText: "A program asks for an answer"
        case .confirm: "A program asks for your consent"
        case .notice: "A program waits for you"
        }
    }

    /// The title (the question's line, made visible, cut to `titleBytes`
    /// with `…`) and what the message repeats of the prompt.
    static func split(_ prompt: String, titleBytes: Int, fallback: String) -> (title: String, rest: String) {
        // Only as much of the prompt as a message could hold is looked at.
        let (kept, wasCut) = cut(prompt, bytes: Limits().maxMessageBytes)
        var lines = kept.split(whereSeparator: \.isNewline).map { VisibleText.of(String($0)).trimmingSpaces }
        lines.removeAll(where: \.isEmpty)
        guard !lines.isEmpty else { return (fallback, "") }
        let question = lines.lastIndex { $0.hasSuffix("?") || $0.hasSuffix(":") } ?? lines.startIndex
        // Said before the prompt's text, which the message's limit may cut.
        let note = wasCut ? ["The prompt is \(prompt.utf8.count) bytes long; its start follows."] : []
        let title = cut(lines[question], bytes: titleBytes - 3)
        if title.wasCut { return (title.text + "…", (note + lines).joined(separator: "\n")) }
        var rest = lines
        rest.remove(at: question)
        return (title.text, (note + rest).joined(separator: "\n"))
    }

    /// The longest start of `text` of at most `bytes` bytes of UTF-8 that
    /// ends between two characters, and whether anything was left out.
    static func cut(_ text: String, bytes: Int) -> (text: String, wasCut: Bool) {
        let kept = HelloReply.prefix(of: text, bytes: max(bytes, 0))
        return (kept, kept.utf8.count < text.utf8.count)
    }
}

extension String {
    /// Without spaces at either end (prompts end in `: `; PickerPolkit's PAM prompts too).
    package var trimmingSpaces: String {
        var text = Substring(self)
        while text.first == " " { text = text.dropFirst() }
        while text.last == " " { text = text.dropLast() }
        return String(text)
    }
}
