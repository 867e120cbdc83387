import ArgumentParser
import PickerClient
import PickerJSON
import PickerProtocol

struct DateCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "date", abstract: "Ask for a date, a time, or both; prints 2026-03-04, 14:30 or RFC 3339.")

    @OptionGroup var common: AskOptions

    @Option(help: ArgumentHelp("date (default), time or datetime.", valueName: "mode"))
    var mode: String?
    @Option(help: ArgumentHelp("The earliest allowed: ISO 8601, today, now, or +7d, -2w, +1m, +1y, +3h, -30min.", valueName: "when"))
    var min: String?
    @Option(help: ArgumentHelp("The latest allowed (same forms as --min).", valueName: "when"))
    var max: String?
    @Option(help: ArgumentHelp("Where the picker starts (same forms as --min).", valueName: "when"))
    var initial: String?
    @Option(name: .customLong("minute-interval"), help: "Minutes step by this (1–30, dividing 60).")
    var minuteInterval: Int?
    @Option(name: .customLong("time-zone"), help: ArgumentHelp("An IANA time zone, e.g. Europe/Berlin.", valueName: "zone"))
    var timeZone: String?
    @Option(help: "A display hint for front-ends, e.g. zh or en_US.")
    var locale: String?

    func run() async throws {
        var options = JSONObject()
        if let mode { options[DateOption.mode] = .string(mode) }
        if let min { options[DateOption.min] = .string(min) }
        if let max { options[DateOption.max] = .string(max) }
        if let initial { options[DateOption.initial] = .string(initial) }
        if let minuteInterval { options[DateOption.minuteInterval] = .integer(Int64(minuteInterval)) }
        if let timeZone { options[DateOption.timeZone] = .string(timeZone) }
        if let locale { options[DateOption.locale] = .string(locale) }
        try await common.ask(kind: "date", options: options)
    }
}

struct CustomCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "custom",
        abstract: "Ask for one choice per column; prints the choices joined by the separator (a tab).",
        discussion: """
            Independent columns: --column prod,staging --column us,eu
            Dependent columns: --tree '{"Zhejiang":["Hangzhou","Ningbo"],"Jiangsu":["Nanjing"]}'
            """)

    @OptionGroup var common: AskOptions

    @Option(help: ArgumentHelp("A column of choices, comma-separated; repeat for more columns.", valueName: "a,b,c"))
    var column: [String] = []
    @Option(help: ArgumentHelp("Dependent columns as JSON: keys are the first column, values the next.", valueName: "json"))
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
            do {
                options[CustomOption.tree] = try JSON.parse(tree)
            } catch {
                printError("--tree is not valid JSON: \(error)")
                throw ExitCode(ExitStatus.usage)
            }
        } else {
            options[CustomOption.columns] = .array(
                column.map { .array($0.split(separator: ",", omittingEmptySubsequences: false).map { .string(String($0)) }) })
        }
        if !label.isEmpty { options[CustomOption.labels] = .array(label.map(JSON.string)) }
        let separator = ValueFormatting.unescape(separator)
        try await common.ask(kind: "custom", options: options, separator: separator) { text in
            .array(text.split(separator: separator, omittingEmptySubsequences: false).map { .string(String($0)) })
        }
    }
}

struct TextCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "text", abstract: "Ask for a line of text (or several).")

    @OptionGroup var common: AskOptions

    @Option(help: "Shown while the text is empty.")
    var placeholder: String?
    @Option(help: "The text to start with.")
    var initial: String?
    @Option(help: ArgumentHelp("A regular expression the whole text must match.", valueName: "regex"))
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
        try await common.ask(kind: "text", options: options)
    }
}

struct ActionsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "actions",
        abstract: "Ask for one of several actions; prints its label (a cancel-role action exits 1).",
        discussion: "Example: --action Deploy:default --action 'Roll back:destructive' --action Cancel:cancel")

    @OptionGroup var common: AskOptions

    @Option(help: ArgumentHelp("An action, with an optional role; repeat for each.", valueName: "label[:default|cancel|destructive]"))
    var action: [String] = []

    func validate() throws {
        if action.isEmpty { throw ValidationError("give at least one --action") }
    }

    func run() async throws {
        let actions: [JSON] = action.map { text in
            if let colon = text.lastIndex(of: ":"), ["default", "cancel", "destructive"].contains(String(text[text.index(after: colon)...])) {
                return .object(JSONObject([ActionOption.label: .string(String(text[..<colon])), .role: .string(String(text[text.index(after: colon)...]))]))
            }
            return .object(JSONObject([ActionOption.label: .string(text)]))
        }
        try await common.ask(kind: "actions", options: JSONObject([ActionsOption.actions: .array(actions)]))
    }
}

struct FormCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "form",
        abstract: "Ask for several fields at once; prints a JSON object keyed by field name.",
        discussion: """
            --field when:date --field 'env:custom:{"columns":[["prod","staging"]]}' --field who:text
            or --spec FILE holding {"fields":[{"name":…,"kind":…,"options":…}]}
            """)

    @OptionGroup var common: AskOptions

    @Option(help: ArgumentHelp("A field; repeat for each.", valueName: "name:kind[:options-json]"))
    var field: [String] = []
    @Option(help: ArgumentHelp("A JSON file with the form's fields.", valueName: "file"))
    var spec: String?

    func validate() throws {
        if field.isEmpty == (spec == nil) { throw ValidationError("give --field (one or more) or --spec, not both and not neither") }
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
        try await common.ask(kind: "form", options: options) { text in
            try parseJSONArgument(text, flag: "--default")
        }
    }
}

struct PresentCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "present",
        abstract: "Ask with any kind the daemon knows, presets included; prints the value.",
        discussion: """
            pickerctl present flavor
            pickerctl present text --options '{"pattern": "[0-9]{4}"}' --default 1234
            `pickerctl plugins` lists the kinds and their options. --default is read as
            JSON when it is JSON (["prod","eu"]), else as a string.
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
        try await common.ask(kind: kind, options: object, formatsByKind: false) { text in
            (try? JSON.parse(text)) ?? .string(text)
        }
    }
}
