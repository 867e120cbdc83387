import PickerAskpass
import PickerJSON
import PickerProtocol
import PickerSystem

/// The windows a polkit request becomes, at level `alert` (a program waits
/// on them), tagged `polkit`: first, when polkit offers several identities,
/// the choice of whom to authenticate as (an `actions` window); then each of
/// PAM's prompts as a text window, secure unless PAM lets it echo.
///
/// polkit's message is the title (pkexec's names the program to run); the
/// message says what the action is, who asks (the process chain from the
/// caller polkitd names in the details) and PAM's own words. Everything that comes from
/// the asker or PAM is made visible (`ProcessNames.visible`), so no text can
/// act on the terminal of whoever answers.
struct PolkitWindow: Sendable {
    static let tag = "polkit"
    static let cancel = "Cancel"

    var request: PolkitRequest
    var asker: AskerChain

    init(request: PolkitRequest, asker: AskerChain) {
        self.request = request
        self.asker = asker
    }

    /// The chain from the process that asked polkit (pkexec), else the subject, else `fallback`.
    init(request: PolkitRequest, fallbackPid: Int32?) {
        let pid =
            ["polkit.caller-pid", "polkit.subject-pid"].lazy.compactMap { request.details[$0].flatMap(Int32.init) }
            .first { $0 > 0 } ?? fallbackPid ?? 0
        self.init(request: request, asker: pid > 0 ? AskerChain(startingAt: pid) : AskerChain(links: []))
    }

    /// `alice` for `unix-user:alice`; other identities as polkit names them.
    static func shown(identity: String) -> String {
        ProcessNames.visible(identity.hasPrefix("unix-user:") ? String(identity.dropFirst(10)) : identity)
    }

    var title: String {
        request.message.isEmpty ? "A program asks for administrator rights" : ProcessNames.visible(request.message)
    }

    /// What the request is and who asks, after `notes` (PAM's words, a failed attempt).
    func message(notes: [String], more: [String]) -> String {
        var lines = notes.map(ProcessNames.visible)
        lines.append("Action: \(ProcessNames.visible(request.actionID)).")
        lines.append("Asked by \(asker.description).")
        return (lines + more).joined(separator: "\n")
    }

    /// The choice of whom to authenticate as: one action per identity, then Cancel.
    func choice(limits: HelloReply?) -> Present {
        func action(_ label: String, _ role: String?) -> JSON {
            var members = JSONObject([ActionOption.label: .string(label)])
            if let role { members[ActionOption.role] = .string(role) }
            return .object(members)
        }
        let identities = request.identities.map { action(Self.shown(identity: $0), nil) }
        let text = message(notes: [], more: ["Choose whom to authenticate as; the password is asked next."])
        return Present(
            kind: BuiltInKind.actions.name, title: HelloReply.fitting(title, .maxTitleBytes, in: limits),
            message: HelloReply.fitting(text, .maxMessageBytes, in: limits), level: .named("alert"),
            options: JSONObject([ActionsOption.actions: .array(identities + [action(Self.cancel, "cancel")])]),
            tag: Self.tag, onDisconnect: .dismiss)
    }

    /// PAM's `prompt` for `identity`, secure unless `echo`, after `notes`.
    func answer(prompt: String, echo: Bool, identity: String, notes: [String], limits: HelloReply?) -> Present {
        let prompt = ProcessNames.visible(prompt).trimmingSpaces
        var more = ["Authenticating as \(Self.shown(identity: identity)): polkit's helper checks what you type."]
        if !prompt.isEmpty { more.append("It asks: \(prompt)") }
        let text = message(notes: notes, more: more)
        return Present(
            kind: BuiltInKind.text.name, title: HelloReply.fitting(title, .maxTitleBytes, in: limits),
            message: HelloReply.fitting(text, .maxMessageBytes, in: limits), level: .named("alert"),
            options: JSONObject([TextOption.secure: .bool(!echo)]), tag: Self.tag, onDisconnect: .dismiss)
    }
}
