/// The plain command lines of the one-shot commands, read without
/// ArgumentParser: `[--socket PATH] ping|badge|list [--json] [--tag TAG]`,
/// with `--socket` before or after the command and `--opt=value` forms.
///
/// ArgumentParser finds a command by reflecting on every command's options
/// (Mirror), which makes the Swift runtime build type metadata and scan every
/// protocol conformance in the binary: about 2 ms, more than the exchange
/// with pickerd that ping or badge is for. So these lines skip it. Anything
/// else, or anything doubtful (`--help`, an option given twice, a value that
/// starts with `-`, an unknown word), is left to ArgumentParser, which then
/// parses, refuses or explains it as it always has; both end in the same
/// `OneShotCommand`.
struct QuickCommandLine {
    var command: OneShotCommand
    var socket: String?

    /// nil when the line is not one of the plain forms.
    init?(_ arguments: [String]) {
        var socket: String?
        var subcommand: Subcommand?
        var json = false
        var tag: String?
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            if argument == "--socket" || argument.hasPrefix("--socket=") {
                guard socket == nil, let value = Self.value(of: "--socket", argument, &remaining) else { return nil }
                socket = value
            } else if subcommand == nil {
                guard let named = Subcommand(named: argument) else { return nil }
                subcommand = named
            } else if subcommand == .list, argument == "--json", !json {
                json = true
            } else if subcommand == .list, argument == "--tag" || argument.hasPrefix("--tag=") {
                guard tag == nil, let value = Self.value(of: "--tag", argument, &remaining) else { return nil }
                tag = value
            } else {
                return nil
            }
        }
        switch subcommand {
        case .ping: command = .ping
        case .badge: command = .badge
        case .list: command = .list(json: json, tag: tag)
        case nil: return nil
        }
        self.socket = socket
    }

    /// The one-shot commands read here, by the names their commands declare.
    private enum Subcommand: CaseIterable {
        case ping, badge, list

        init?(named name: String) {
            guard let found = Self.allCases.first(where: { $0.name == name }) else { return nil }
            self = found
        }

        var name: String? {
            switch self {
            case .ping: PingCommand.configuration.commandName
            case .badge: BadgeCommand.configuration.commandName
            case .list: ListCommand.configuration.commandName
            }
        }
    }

    /// The value of `option`, given as `--option=value` or as the next
    /// argument; nil for none, an empty one, or one that looks like an option.
    private static func value(of option: String, _ argument: String, _ remaining: inout ArraySlice<String>) -> String? {
        let value = argument == option ? remaining.popFirst() : String(argument.dropFirst(option.count + 1))
        guard let value, !value.isEmpty, !value.hasPrefix("-") else { return nil }
        return value
    }
}
