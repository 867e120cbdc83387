import PickerClient
import PickerJSON
import PickerProtocol

/// `--forms`: a form with a field for each `--add-entry` (text),
/// `--add-password` (secure text), `--add-calendar` (a date, printed with
/// `--forms-date-format`, else `%x`), `--add-combo` and `--add-list` (a list
/// of the `--combo-values`/`--list-values` that follow it, `a|b|c`), in the
/// order given; zenity prints every field's value joined by `--separator`.
struct ZenityForms: ZenityDialog {
    enum FieldKind: Equatable, Sendable {
        case entry, password, calendar
        case combo([String])
        case list([String])
    }

    struct Field: Sendable {
        var label: String
        var kind: FieldKind
        /// pickerd's name for it: `f1`, `f2`, … (labels may repeat).
        var name: String
    }

    var fields: [Field]
    var separator: String
    var dateFormat: StrftimeFormat
    var today: String

    init(_ commandLine: ZenityCommandLine) {
        var fields: [Field] = []
        var pendingValues: [String: [[String]]] = ["combo": [], "list": []]
        for option in commandLine.options {
            let label = option.value ?? ""
            switch option.name {
            case "add-entry": fields.append(Field(label: label, kind: .entry, name: ""))
            case "add-password": fields.append(Field(label: label, kind: .password, name: ""))
            case "add-calendar": fields.append(Field(label: label, kind: .calendar, name: ""))
            case "add-combo": fields.append(Field(label: label, kind: .combo([]), name: ""))
            case "add-list": fields.append(Field(label: label, kind: .list([]), name: ""))
            case "combo-values": pendingValues["combo", default: []].append(Self.values(label))
            case "list-values": pendingValues["list", default: []].append(Self.values(label))
            default: break
            }
        }
        // The n-th --combo-values fills the n-th combo, as zenity matches them.
        var combos = pendingValues["combo"] ?? []
        var lists = pendingValues["list"] ?? []
        for index in fields.indices {
            fields[index].name = "f\(index + 1)"
            switch fields[index].kind {
            case .combo: fields[index].kind = .combo(combos.isEmpty ? [] : combos.removeFirst())
            case .list: fields[index].kind = .list(lists.isEmpty ? [] : lists.removeFirst())
            default: break
            }
        }
        self.fields = fields
        separator = ZenityText.compress(commandLine.value("separator") ?? "|")
        dateFormat = StrftimeFormat(format: commandLine.value("forms-date-format") ?? ZenityCalendar.localeDate)
        let now = ZenityCalendar.today
        today = ZenityCalendar.iso(year: now.year, month: now.month, day: now.day)
    }

    static func values(_ text: String) -> [String] {
        var seen = Set<String>()
        return text.split(separator: "|").map(String.init).filter { !$0.isEmpty && seen.insert($0).inserted }
    }

    var kind: BuiltInKind { .form }
    var defaultTitle: String { "Forms dialog" }
    var options: JSONObject {
        let members = fields.map { field -> JSON in
            let (kind, options): (BuiltInKind, JSONObject)
            switch field.kind {
            case .entry: (kind, options) = (.text, JSONObject())
            case .password: (kind, options) = (.text, JSONObject([TextOption.secure: true]))
            case .calendar: (kind, options) = (.date, JSONObject([DateOption.initial: .string(today)]))
            case .combo(let choices), .list(let choices):
                // A list without values is a text field: pickerd's lists need choices.
                (kind, options) =
                    choices.isEmpty
                    ? (.text, JSONObject())
                    : (.list, JSONObject([ListOption.choices: .array(choices.map(JSON.string))]))
            }
            return .object(
                JSONObject([
                    FormFieldOption.name: .string(field.name), .kind: .string(kind.name), .label: .string(field.label),
                    .required: .bool(field.kind == .calendar), .options: .object(options),
                ]))
        }
        return JSONObject([FormOption.fields: .array(members)])
    }
    var initialValue: JSON? { nil }

    func answer(_ value: JSON?, timedOut: Bool) -> ZenityAnswer {
        let printed = fields.map { field -> String in
            let member = value?[field.name]
            switch field.kind {
            case .entry, .password: return member?.stringValue ?? ""
            case .calendar: return dateFormat.formatted(member?.stringValue ?? today) ?? ""
            case .combo:
                // zenity prints a space for a combo left empty.
                let chosen = member?.arrayValue?.compactMap(\.stringValue).joined() ?? member?.stringValue ?? ""
                return chosen.isEmpty ? " " : chosen
            case .list:
                return member?.arrayValue?.compactMap(\.stringValue).joined(separator: ",") ?? member?.stringValue ?? ""
            }
        }
        return .printed(printed.joined(separator: separator), timedOut: timedOut)
    }
}
