import PickerJSON
import PickerProtocol

/// `--password`: secure text, the password and a newline; with `--username`
/// a form of a user name and the password, printed `user|password`.
struct ZenityPassword: ZenityDialog {
    var asksUsername: Bool

    static let username = "username"
    static let password = "password"

    init(_ commandLine: ZenityCommandLine) {
        asksUsername = commandLine.has("username")
    }

    var kind: BuiltInKind { asksUsername ? .form : .text }
    var defaultTitle: String { "Type your password" }
    var options: JSONObject {
        let secure = JSONObject([TextOption.secure: true])
        guard asksUsername else { return secure }
        func field(_ name: String, _ label: String, _ options: JSONObject) -> JSON {
            .object(
                JSONObject([
                    FormFieldOption.name: .string(name), .kind: .string(BuiltInKind.text.name),
                    .label: .string(label), .required: false, .options: .object(options),
                ]))
        }
        return JSONObject([
            FormOption.fields: .array([
                field(Self.username, "Username:", JSONObject()), field(Self.password, "Password:", secure),
            ])
        ])
    }
    var initialValue: JSON? { nil }

    func answer(_ value: JSON?, timedOut: Bool) -> ZenityAnswer {
        guard asksUsername else { return .printed(value?.stringValue ?? "", timedOut: timedOut) }
        let user = value?[Self.username]?.stringValue ?? ""
        let password = value?[Self.password]?.stringValue ?? ""
        return .printed(user + "|" + password, timedOut: timedOut)
    }
}
