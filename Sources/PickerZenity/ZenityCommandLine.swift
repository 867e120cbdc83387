/// zenity's argv read as GLib's GOption reads it: `--name value` or
/// `--name=value`, `--` ending the options, every other word a positional
/// argument (a list's cells, an entry's choices). Options are kept in order,
/// each time given, for what takes several (`--column`, `--add-entry`).
public struct ZenityCommandLine: Equatable, Sendable {
    public enum Request: Equatable, Sendable {
        case dialog(ZenityDialogName)
        case version
        case help
    }

    public var request: Request
    /// Each option as given, without its dashes, and its argument.
    public var options: [Option]
    public var positional: [String]

    public struct Option: Equatable, Sendable {
        public var name: String
        public var value: String?
    }

    /// The version scripts see from `zenity --version`: the reference's.
    public static let version = "3.44.0"

    public init(parsing arguments: [String]) throws(ZenityUsageError) {
        var dialog: ZenityDialogName?
        var wantsVersion = false
        var wantsHelp = false
        options = []
        positional = []
        var index = arguments.startIndex
        while index < arguments.endIndex {
            let word = arguments[index]
            index += 1
            if word == "--" {
                positional += arguments[index...]
                break
            }
            guard word.hasPrefix("-"), word != "-" else {
                positional.append(word)
                continue
            }
            guard word.hasPrefix("--") else {
                if word == "-h" || word == "-?" { wantsHelp = true; continue }
                throw .syntax
            }
            let body = word.dropFirst(2)
            let name = String(body.prefix { $0 != "=" })
            let attached = body.firstIndex(of: "=").map { String(body[body.index(after: $0)...]) }
            if let chosen = ZenityDialogName(rawValue: name) {
                // zenity's dialog options take an optional argument it ignores.
                guard dialog == nil || dialog == chosen else { throw .twoDialogs }
                dialog = chosen
                continue
            }
            switch name {
            case "version": wantsVersion = true; continue
            case "about": throw ZenityUsageError("--about is not supported: pickerd-zenity asks through pickerd")
            case _ where name == "help" || name.hasPrefix("help-"): wantsHelp = true; continue
            case "display":
                // GTK's own option: accepted, ignored (pickerd's front-ends have their own display).
                if attached == nil { index += 1 }
                continue
            default: break
            }
            guard let option = ZenityOption.all[name] else { throw .syntax }
            switch option.argument {
            case .none:
                guard attached == nil else { throw .syntax }
                options.append(Option(name: name, value: nil))
            case .text, .integer:
                var value = attached
                if value == nil {
                    guard index < arguments.endIndex else { throw .syntax }
                    value = arguments[index]
                    index += 1
                }
                if option.argument == .integer, Self.integer(value ?? "") == nil { throw .syntax }
                options.append(Option(name: name, value: value))
            }
        }
        if wantsHelp {
            request = .help
        } else if let dialog {
            request = .dialog(dialog)
            // zenity checks each option against the dialog chosen, in the order of its groups.
            for option in options {
                if let dialogs = ZenityOption.all[option.name]?.dialogs, !dialogs.contains(dialog) {
                    throw .notSupported(option.name)
                }
            }
        } else if wantsVersion {
            request = .version
        } else {
            throw .noDialog
        }
    }

    /// Whether `name` was given.
    public func has(_ name: String) -> Bool { options.contains { $0.name == name } }

    /// The last argument given to `name` (a repeated option's last wins, as in GOption).
    public func value(_ name: String) -> String? { options.last { $0.name == name }?.value }

    /// Every argument given to `name`, in order.
    public func values(_ name: String) -> [String] { options.filter { $0.name == name }.compactMap(\.value) }

    public func integer(_ name: String) -> Int? { value(name).flatMap(Self.integer) }

    /// An integer as GOption reads one (strtol, base 10, the whole word, within 32 bits).
    static func integer(_ text: String) -> Int? {
        var digits = Substring(text)
        while digits.first == " " || digits.first == "\t" { digits = digits.dropFirst() }
        guard let value = Int32(digits) else { return nil }
        return Int(value)
    }
}
