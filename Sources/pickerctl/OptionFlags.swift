import PickerJSON
import PickerProtocol

/// The flags an asking command sets a kind's options from, by option name, so
/// that what pickerd says about an option ("option 'minute_interval' must
/// divide 60") is said back with the flag the person typed ("--minute-interval
/// must divide 60").
struct OptionFlags: Sendable {
    private var flags: [String: String]

    /// No flags: `present` takes the options as JSON, by their own names.
    static let none = OptionFlags(flags: [:])

    private init(flags: [String: String]) {
        self.flags = flags
    }

    /// Each option of a kind by its own name as a flag (`minute_interval` is
    /// `--minute-interval`), but those in `renamed` (`columns` is `--column`)
    /// and none of those in `unflagged`.
    init<Name: OptionName>(_: Name.Type, renamed: [Name: String] = [:], unflagged: Set<Name> = []) {
        var flags: [String: String] = [:]
        for name in Name.allCases where !unflagged.contains(name) {
            flags[name.rawValue] = renamed[name] ?? "--" + name.rawValue.replacing("_", with: "-")
        }
        self.flags = flags
    }

    /// The flags of `present`'s own params, by the name pickerd's errors give
    /// as `data.field`.
    private static func flag(forParam field: String, defaultFlag: String) -> String? {
        switch field {
        case WireName.level.jsonKey: "--level"
        case WireName.timeoutMs.jsonKey: "--timeout"
        case WireName.default.jsonKey: defaultFlag
        case WireName.tag.jsonKey: "--tag"
        case WireName.title.jsonKey: "--title"
        case WireName.message.jsonKey: "--message"
        default: nil
        }
    }

    /// pickerd's refusal of a `present`, said with the flags: an option by the
    /// flag that set it, and a param's flag in front unless the sentence names it.
    func sentence(for refusal: RPCError, defaultFlag: String) -> String {
        var sentence = refusal.message
        for (option, flag) in flags {
            sentence = sentence.replacing("option '\(option)'", with: flag)
        }
        guard let field = refusal.data?[WireName.field]?.stringValue,
            let flag = Self.flag(forParam: field, defaultFlag: defaultFlag)
        else { return sentence }
        switch field {
        case WireName.default.jsonKey:
            sentence = sentence.removingPrefix("invalid default: ")
        case WireName.timeoutMs.jsonKey:
            // "timeout_ms must be between 1 and 86400000": a flag written as a duration.
            if let most = sentence.split(separator: " ").last.flatMap({ Int64($0) }) {
                return "--timeout may be at most \(DurationArgument(milliseconds: most)) (pickerd's timeouts.max_ms)"
            }
        default:
            break
        }
        return sentence.contains(flag) ? sentence : "\(flag): \(sentence)"
    }
}

extension String {
    fileprivate func removingPrefix(_ prefix: String) -> String {
        hasPrefix(prefix) ? String(dropFirst(prefix.count)) : self
    }
}
