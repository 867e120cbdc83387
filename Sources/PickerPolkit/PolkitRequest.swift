import CPickerPolkit

/// One of polkit's authentication requests (`BeginAuthentication`): what it
/// asks, and the handle through which the agent answers it.
public final class PolkitRequest: @unchecked Sendable {
    // @unchecked: `handle` is used only through CPickerPolkit's functions,
    // which may be called from any thread (they hand the GLib work to the
    // agent's own thread); everything else is a constant.
    private let handle: OpaquePointer

    /// The agent's count of requests, from 1.
    public let number: UInt
    /// The action, e.g. `org.freedesktop.policykit.exec`.
    public let actionID: String
    /// polkit's sentence for it, e.g. "Authentication is needed to run `/bin/true' as the super user".
    public let message: String
    /// Whom one may authenticate as, in polkit's words: `unix-user:alice`.
    public let identities: [String]
    /// What polkitd adds: `polkit.subject-pid`, `polkit.caller-pid` (polkit
    /// 122 passes an agent no more of the asker's details).
    public let details: [String: String]

    /// Reads the request `handle` names (on the agent's thread, as it begins).
    init(handle: OpaquePointer) {
        self.handle = handle
        func text(_ pointer: UnsafePointer<CChar>?) -> String { pointer.map { String(cString: $0) } ?? "" }
        number = UInt(picker_polkit_request_number(handle))
        actionID = text(picker_polkit_request_action_id(handle))
        message = text(picker_polkit_request_message(handle))
        identities = (0..<picker_polkit_request_identity_count(handle)).map {
            text(picker_polkit_request_identity(handle, $0))
        }
        var details: [String: String] = [:]
        for index in 0..<picker_polkit_request_detail_count(handle) {
            details[text(picker_polkit_request_detail_key(handle, index))] = text(
                picker_polkit_request_detail_value(handle, index))
        }
        self.details = details
    }

    deinit { picker_polkit_request_release(handle) }

    /// Starts polkit's helper for `identities[index]`; its prompts follow as events.
    func authenticate(as index: Int) { picker_polkit_request_authenticate(handle, index) }

    /// Hands the answer to the helper's last prompt to the helper, and only to it.
    func respond(_ answer: String) { picker_polkit_request_respond(handle, answer) }

    /// Ends the request for polkit: `cancelled` when the person said no
    /// (pkexec then exits 126), else polkit knows from its helper whether it
    /// was authenticated (pkexec exits 127 when not).
    func finish(cancelled: Bool) { picker_polkit_request_finish(handle, cancelled ? 1 : 0) }
}
