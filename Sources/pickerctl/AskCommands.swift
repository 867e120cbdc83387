import ArgumentParser
import PickerClient
import PickerJSON
import PickerProtocol

struct DateCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: BuiltInKind.date.name,
        abstract: "Ask for a date, a time, or both; prints 2026-03-04, 14:30 or RFC 3339.")

    @OptionGroup var common: AskOptions

    @Option(help: ArgumentHelp("date (default), time or datetime.", valueName: "mode"))
    var mode: String?
    // .unconditional: a relative value starts with a minus (--min -2w).
    @Option(
        parsing: .unconditional,
        help: ArgumentHelp(
            "The earliest allowed: ISO 8601, today, now, tomorrow, yesterday, or +7d, -2w, +1m, +1y, +3h, -30min.",
            valueName: "when"))
    var min: String?
    @Option(parsing: .unconditional, help: ArgumentHelp("The latest allowed (same forms as --min).", valueName: "when"))
    var max: String?
    @Option(
        parsing: .unconditional, help: ArgumentHelp("Where the picker starts (same forms as --min).", valueName: "when")
    )
    var initial: String?
    @Option(name: .customLong("minute-interval"), help: "Minutes step by this (1–30, dividing 60).")
    var minuteInterval: Int?
    @Option(
        name: .customLong("time-zone"), help: ArgumentHelp("An IANA time zone, e.g. Europe/Berlin.", valueName: "zone"))
    var timeZone: String?
    @Option(help: "A display hint for front-ends, e.g. zh or en_US.")
    var locale: String?
    @Option(
        help: ArgumentHelp(
            "Print the chosen value through this strftime(3) format, e.g. '%d/%m/%Y' or '%A %H:%M' (not with --json).",
            valueName: "fmt"))
    var format: String?

    func validate() throws {
        try common.refuseJSON(
            beside: "--format", given: format != nil, printing: "the value", jsonPrints: "it as it is")
    }

    func run() async throws {
        var finishing: ((Outcome) -> Int32)?
        if let format {
            finishing = {
                OutcomePrinting.finish(
                    StrftimeFormat(format: format).applied(to: $0), kind: .date, json: false, separator: "\t")
            }
        }
        var options = JSONObject()
        if let mode { options[DateOption.mode] = .string(mode) }
        if let min { options[DateOption.min] = .string(min) }
        if let max { options[DateOption.max] = .string(max) }
        if let initial { options[DateOption.initial] = .string(initial) }
        if let minuteInterval { options[DateOption.minuteInterval] = .integer(Int64(minuteInterval)) }
        if let timeZone { options[DateOption.timeZone] = .string(timeZone) }
        if let locale { options[DateOption.locale] = .string(locale) }
        try await common.ask(kind: .date, options: options, flags: OptionFlags(DateOption.self), finishing: finishing)
    }
}

struct CustomCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: BuiltInKind.custom.name,
        abstract: "Ask for one choice per column; prints the choices joined by the separator (a tab).",
        discussion: """
            Independent columns: --column prod,staging --column us,eu
            Dependent columns: --tree '{"Zhejiang":["Hangzhou","Ningbo"],"Jiangsu":["Nanjing"]}'
            --default is one choice per column joined by --separator, as printed:
            --separator / --default staging/eu (or --default-json '["staging","eu"]').
            """)

    @OptionGroup var common: AskOptions

    @Option(help: ArgumentHelp("A column of choices, comma-separated; repeat for more columns.", valueName: "a,b,c"))
    var column: [String] = []
    @Option(
        help: ArgumentHelp("Dependent columns as JSON: keys are the first column, values the next.", valueName: "json"))
    var tree: String?
    @Option(help: "A column's label; repeat for each column.")
    var label: [String] = []
    @Option(help: ArgumentHelp("Printed between the choices (\\t and \\n understood).", valueName: "text"))
    var separator = "\t"

    func validate() throws {
        if column.isEmpty == (tree == nil) {
            throw ValidationError("give --column (one or more) or --tree, not both and not neither")
        }
    }

    func run() async throws {
        var options = JSONObject()
        if let tree {
            options[CustomOption.tree] = try parseJSONArgument(tree, flag: "--tree")
        } else {
            options[CustomOption.columns] = .array(
                column.map {
                    .array($0.split(separator: ",", omittingEmptySubsequences: false).map { .string(String($0)) })
                })
        }
        if !label.isEmpty { options[CustomOption.labels] = .array(label.map(JSON.string)) }
        let separator = ValueFormatting.unescape(separator)
        try await common.ask(
            kind: .custom, options: options,
            flags: OptionFlags(
                CustomOption.self, renamed: [.columns: "--column", .labels: "--label"], unflagged: [.initial]),
            separator: separator)
    }
}

struct TextCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: BuiltInKind.text.name, abstract: "Ask for a line of text (or several).")

    @OptionGroup var common: AskOptions

    @Option(help: "Shown while the text is empty.")
    var placeholder: String?
    @Option(parsing: .unconditional, help: "The text to start with (it may start with '-').")
    var initial: String?
    @Option(
        parsing: .unconditional,
        help: ArgumentHelp("A regular expression the whole text must match (-?[0-9]+ too).", valueName: "regex"))
    var pattern: String?
    @Option(name: .customLong("min-length"), help: "The fewest characters allowed.")
    var minLength: Int?
    @Option(name: .customLong("max-length"), help: "The most characters allowed (default 4096).")
    var maxLength: Int?
    @Flag(help: "A secret: never shown, logged, listed or stored.")
    var secure = false
    @Flag(help: "Allow line breaks.")
    var multiline = false
    @Flag(help: "Strip leading and trailing whitespace.")
    var trim = false

    func run() async throws {
        var options = JSONObject()
        if let placeholder { options[TextOption.placeholder] = .string(placeholder) }
        if let initial { options[TextOption.initial] = .string(initial) }
        if let pattern { options[TextOption.pattern] = .string(pattern) }
        if let minLength { options[TextOption.minLength] = .integer(Int64(minLength)) }
        if let maxLength { options[TextOption.maxLength] = .integer(Int64(maxLength)) }
        if secure { options[TextOption.secure] = true }
        if multiline { options[TextOption.multiline] = true }
        if trim { options[TextOption.trim] = true }
        try await common.ask(kind: .text, options: options, flags: OptionFlags(TextOption.self))
    }
}

struct ActionsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: BuiltInKind.actions.name,
        abstract: "Ask for one of several actions; prints its label (a cancel-role action exits 1).",
        discussion: "Example: --action Deploy:default --action 'Roll back:destructive' --action Cancel:cancel")

    @OptionGroup var common: AskOptions

    @Option(
        help: ArgumentHelp(
            "An action: its label, then optionally ':' and a role (default, cancel or destructive); repeat for each. A word of letters after the last ':' must be a role: a label that ends in ':word' takes a ':' after it ('Mode:auto:').",
            valueName: "label[:default|cancel|destructive]"))
    var action: [String] = []

    func validate() throws {
        if action.isEmpty { throw ValidationError("give at least one --action") }
        for text in action { _ = try Self.action(text) }
    }

    func run() async throws {
        let actions: [JSON] = try action.map { text in
            let (label, role) = try Self.action(text)
            var object = JSONObject([ActionOption.label: .string(label)])
            if let role { object[ActionOption.role] = .string(role) }
            return .object(object)
        }
        try await common.ask(
            kind: .actions, options: JSONObject([ActionsOption.actions: .array(actions)]),
            flags: OptionFlags(ActionsOption.self, renamed: [.actions: "--action"]))
    }

    static let roles = ["default", "cancel", "destructive"]

    /// `Deploy:default` is the label Deploy with the role default. What follows
    /// the last ':' is the role when it is one; a trailing ':' means none
    /// (`Mode:auto:` is the label Mode:auto); a word of letters that is not a
    /// role is a mistyped role (`Cancel:cancle`); anything else (`Note: see
    /// the log`, `Ratio 16:9`) is part of the label.
    static func action(_ text: String) throws -> (label: String, role: String?) {
        guard let colon = text.lastIndex(of: ":") else { return (text, nil) }
        let label = String(text[..<colon])
        let suffix = String(text[text.index(after: colon)...])
        if suffix.isEmpty { return (label, nil) }
        if roles.contains(suffix) { return (label, suffix) }
        guard suffix.allSatisfy(\.isLetter) else { return (text, nil) }
        throw ValidationError(
            "--action '\(text)' has the role '\(suffix)'; the roles are default, cancel and destructive (a label that ends in ':\(suffix)' is written '\(text):')"
        )
    }
}

struct FormCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: BuiltInKind.form.name,
        abstract: "Ask for several fields at once; prints a JSON object keyed by field name.",
        discussion: """
            --field when:date --field 'env:custom:{"columns":[["prod","staging"]]}' --field who:text
            or --spec FILE holding {"fields":[{"name":…,"kind":…,"options":…}]}
            A progress field (--field up:progress) is moved by standard input, when it is not a \
            terminal, as pickerctl progress reads it: upload | pickerctl form --field notes:text --field up:progress
            With --separator '|' it prints the fields' values in field order on one line, \
            delimited by '|', as zenity --forms does: 2026-03-04|prod|Ada (a custom or list \
            field's choices joined by a comma; a field left blank is empty).
            """)

    @OptionGroup var common: AskOptions

    @Option(help: ArgumentHelp("A field; repeat for each.", valueName: "name:kind[:options-json]"))
    var field: [String] = []
    @Option(help: ArgumentHelp("A JSON file with the form's fields.", valueName: "file"))
    var spec: String?
    @Option(
        help: ArgumentHelp(
            "Print the fields in field order delimited by this, instead of JSON (\\t and \\n understood).",
            valueName: "text"))
    var separator: String?

    func validate() throws {
        if field.isEmpty == (spec == nil) {
            throw ValidationError("give --field (one or more) or --spec, not both and not neither")
        }
        if separator == "" { throw ValidationError("--separator must not be empty") }
        try common.refuseJSON(
            beside: "--separator", given: separator != nil, printing: "the fields delimited", jsonPrints: "the object")
    }

    func run() async throws {
        var options: JSONObject
        if let spec {
            guard let text = readTextFile(spec) else {
                printError("cannot read the form spec \(spec)")
                throw ExitCode(ExitStatus.usage)
            }
            switch try? JSON.parse(text) {
            case .object(let object)?: options = object
            case .array(let fields)?: options = JSONObject([FormOption.fields: .array(fields)])
            default:
                printError("\(spec) must hold a JSON object with \"fields\", or an array of fields")
                throw ExitCode(ExitStatus.usage)
            }
        } else {
            var fields: [JSON] = []
            for text in field {
                let parts = text.split(separator: ":", maxSplits: 2, omittingEmptySubsequences: false).map(String.init)
                guard parts.count >= 2, !parts[0].isEmpty, !parts[1].isEmpty else {
                    printError("--field \(text) must be NAME:KIND or NAME:KIND:OPTIONS_JSON")
                    throw ExitCode(ExitStatus.usage)
                }
                var entry = JSONObject([FormFieldOption.name: .string(parts[0]), .kind: .string(parts[1])])
                if parts.count == 3 {
                    guard case .object(let fieldOptions)? = try? JSON.parse(parts[2]) else {
                        printError("the options of --field \(parts[0]) must be a JSON object")
                        throw ExitCode(ExitStatus.usage)
                    }
                    entry[FormFieldOption.options] = .object(fieldOptions)
                }
                fields.append(.object(entry))
            }
            options = JSONObject([FormOption.fields: .array(fields)])
        }
        var finishing: ((Outcome) -> Int32)?
        if let separator {
            let delimited = DelimitedFields(
                fields: FormField.fields(of: .object(options)), separator: ValueFormatting.unescape(separator))
            finishing = {
                OutcomePrinting.finish(delimited.applied(to: $0), kind: .form, json: false, separator: "\t")
            }
        }
        var moving: (@Sendable (PickerClient, WindowID, AskerConnections) async -> Void)?
        if let field = ProgressFieldInput.field(of: FormField.fields(of: .object(options))) {
            moving = { client, window, connections in
                await ProgressFieldInput.move(field, of: window, with: client, following: connections)
            }
        }
        try await common.ask(
            kind: .form, options: options, flags: OptionFlags(FormOption.self, renamed: [.fields: "--field"]),
            finishing: finishing, moving: moving)
    }
}

struct PresentCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "present",
        abstract: "Ask with any kind the daemon knows, presets included; prints the value.",
        discussion: """
            pickerctl present flavor
            pickerctl present text --options '{"pattern": "[0-9]{4}"}' --default 1234
            `pickerctl plugins` lists the kinds and their options. --default is the value
            as submit takes it, shaped by the kind (a preset's by its base): the text 1234,
            a date, an action's label, a custom picker's choices joined by a tab; for any
            other shape give --default-json '["prod","eu"]'.
            """)

    @OptionGroup var common: AskOptions

    @Argument(help: ArgumentHelp("The kind, as `pickerctl plugins` lists it.", valueName: "kind"))
    var kind: String
    @Option(help: ArgumentHelp("The kind's options as a JSON object.", valueName: "json"))
    var options: String?

    func run() async throws {
        var object = JSONObject()
        if let options {
            guard case .object(let parsed) = try parseJSONArgument(options, flag: "--options") else {
                printError("--options must be a JSON object, like '{\"columns\": [[\"a\", \"b\"]]}'")
                throw ExitCode(ExitStatus.usage)
            }
            object = parsed
        }
        try await common.ask(kindNamed: kind, options: object)
    }
}
