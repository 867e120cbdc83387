import PickerJSON
import PickerProtocol
import PickerSystem

/// The window a request becomes: a `text` window at level `alert` whose title
/// is the request's `Message=`, secure unless the asker allows echo.
///
/// - `Echo=1` (`systemd-ask-password --echo`): not secure, so the person sees
///   what they type, as systemd's tty agent echoes it. Such an answer is an
///   ordinary value to pickerd (kept in its state and history, like any other).
/// - `Silent=1`: secure. systemd's tty agent then prints nothing at all as one
///   types; pickerd's front-ends show a mask character for each, which is the
///   least they show, so the length is visible.
/// - `AcceptCached=`: ignored, as systemd's tty agent does (only Plymouth keeps
///   passwords to offer again); pickerd never keeps a secret, and an asker that
///   takes a cached one has looked in the kernel keyring before asking.
struct AskWindow {
    static let tagPrefix = "ask-password:"

    var entry: AskEntry
    /// The asking process's name (`/proc/PID/comm`), when known.
    var requester: String?
    /// The name of the user it runs as, when known.
    var requesterUser: String?

    init(entry: AskEntry, requester: String? = nil, requesterUser: String? = nil) {
        self.entry = entry
        self.requester = requester
        self.requesterUser = requesterUser
    }

    var isSecure: Bool { !entry.file.echo || entry.file.silent }

    /// The tag that finds this request's window again (after the agent or
    /// pickerd restarts): `ask-password:` and the file's name.
    func tag(limits: HelloReply?) -> String {
        HelloReply.fitting(Self.tagPrefix + entry.name, .maxTagBytes, in: limits)
    }

    var title: String {
        entry.file.message ?? (isSecure ? "A service asks for a password" : "A service asks for an answer")
    }

    /// Where the request comes from and what is special about it; `note`
    /// first (why the last answer was not sent).
    func message(note: String?) -> String {
        var lines: [String] = []
        if let note { lines.append(note) }
        if let id = entry.file.id { lines.append("For \(id).") }
        if entry.file.pid > 0 {
            // Who asks first (the program, such as systemd-cryptsetup or sudo): the window's own
            // owner is this agent, which every front-end shows as well.
            let process = "process \(entry.file.pid)" + (requesterUser.map { ", user \($0)" } ?? "")
            let asker = requester.map { "\($0) (\(process))" } ?? process
            lines.append("Asked by \(asker) through systemd's password agents.")
        } else {
            lines.append("Asked through systemd's password agents.")
        }
        if let icon = entry.file.icon { lines.append("Icon: \(icon).") }
        if !isSecure { lines.append("What you type is shown: the asker allows it.") }
        return lines.joined(separator: "\n")
    }

    /// The `present` call, within the daemon's limits (`hello`'s) and ending
    /// when `NotAfter=` passes; nil when it has passed already.
    func presentation(note: String?, limits: HelloReply?, now: UInt64) -> Present? {
        var timeout: Int64?
        if entry.file.notAfter > 0 {
            guard entry.file.notAfter > now else { return nil }
            var milliseconds = Int64(clamping: (entry.file.notAfter - now + 999) / 1000)
            if let longest = limits?[limit: "max_timeout_ms"], longest > 0 { milliseconds = min(milliseconds, longest) }
            timeout = milliseconds
        }
        let options = JSONObject([
            TextOption.secure: .bool(isSecure),
            TextOption.maxLength: .integer(Int64(PasswordAnswer.largestPassword)),
        ])
        return Present(
            kind: BuiltInKind.text.name, title: HelloReply.fitting(title, .maxTitleBytes, in: limits),
            message: HelloReply.fitting(message(note: note), .maxMessageBytes, in: limits), level: .named("alert"),
            options: options,
            timeoutMilliseconds: timeout, tag: tag(limits: limits), onDisconnect: .dismiss)
    }
}
