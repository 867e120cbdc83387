/// One of zenity 3.44's options (`zenity --help-all`): what it takes and the
/// dialogs it belongs to. An option of another dialog is a usage error, as
/// zenity reports it ("--entry-text is not supported for this dialog").
struct ZenityOption: Sendable {
    enum Argument: Sendable {
        case none, text, integer
    }

    var name: String
    var argument: Argument
    /// Nil: every dialog's (the general options).
    var dialogs: Set<ZenityDialogName>?

    /// Every option, by its long name without the dashes.
    static let all: [String: ZenityOption] = {
        var table: [String: ZenityOption] = [:]
        func add(_ names: [String], _ argument: Argument, _ dialogs: [ZenityDialogName]?) {
            for name in names {
                var option = table[name] ?? ZenityOption(name: name, argument: argument, dialogs: [])
                if let dialogs, option.dialogs != nil {
                    option.dialogs?.formUnion(dialogs)
                } else {
                    option.dialogs = nil
                }
                table[name] = option
            }
        }
        let messages: [ZenityDialogName] = [.error, .info, .question, .warning]
        add(["title", "window-icon", "ok-label", "cancel-label", "extra-button"], .text, nil)
        add(["width", "height", "timeout", "attach"], .integer, nil)
        add(["modal"], .none, nil)
        add(["text"], .text, [.calendar, .entry, .list, .notification, .progress, .scale, .forms] + messages)
        add(["align", "date-format"], .text, [.calendar])
        add(["day", "month", "year"], .integer, [.calendar])
        add(["entry-text"], .text, [.entry])
        add(["hide-text"], .none, [.entry])
        add(["icon-name"], .text, messages)
        add(["no-wrap", "no-markup", "ellipsize"], .none, messages)
        add(["default-cancel", "switch"], .none, [.question])
        add(["filename"], .text, [.fileSelection, .textInfo])
        add(["multiple"], .none, [.fileSelection, .list])
        add(["directory", "save", "confirm-overwrite"], .none, [.fileSelection])
        add(["separator"], .text, [.fileSelection, .list, .forms])
        add(["file-filter"], .text, [.fileSelection])
        add(["column", "print-column", "hide-column"], .text, [.list])
        add(["checklist", "radiolist", "imagelist", "hide-header", "mid-search"], .none, [.list])
        add(["editable"], .none, [.list, .textInfo])
        add(["listen"], .none, [.notification])
        add(["percentage"], .integer, [.progress])
        add(["pulsate", "auto-close", "auto-kill", "no-cancel", "time-remaining"], .none, [.progress])
        add(["value", "min-value", "max-value", "step"], .integer, [.scale])
        add(["print-partial", "hide-value"], .none, [.scale])
        add(["font", "checkbox", "url"], .text, [.textInfo])
        add(["html", "no-interaction", "auto-scroll"], .none, [.textInfo])
        add(["color"], .text, [.colorSelection])
        add(["show-palette"], .none, [.colorSelection])
        add(["username"], .none, [.password])
        add(
            [
                "add-entry", "add-password", "add-calendar", "add-list", "list-values", "column-values", "add-combo",
                "combo-values", "forms-date-format",
            ], .text, [.forms])
        add(["show-header"], .none, [.forms])
        return table
    }()
}
