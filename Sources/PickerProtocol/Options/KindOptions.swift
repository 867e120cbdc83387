import PickerJSON

// The names of the built-in kinds' options (PROTOCOL.md, "Kinds"), each
// spelled here once: the plugins read and describe them, the clients write
// and draw them. In the order the plugins list them.

/// A name of a kind's option; it prints as the wire spells it.
public protocol OptionName: MemberName, CaseIterable, CustomStringConvertible, RawRepresentable<String>, Sendable {}

extension OptionName {
    public var description: String { rawValue }
    /// Every name, in order.
    public static var names: [String] { allCases.map { $0.rawValue } }
}

public enum DateOption: String, OptionName {
    case mode, min, max, initial
    case minuteInterval = "minute_interval"
    case timeZone = "time_zone"
    case locale
}

public enum CustomOption: String, OptionName {
    case columns, tree, labels, initial
}

public enum TextOption: String, OptionName {
    case placeholder, initial
    case minLength = "min_length"
    case maxLength = "max_length"
    case pattern, secure, multiline, trim
}

public enum ActionsOption: String, OptionName {
    case actions
}

/// The members of one action of `actions`.
public enum ActionOption: String, OptionName {
    case label, role
}

public enum ListOption: String, OptionName {
    case choices, multiple, min, max, initial
}

public enum FormOption: String, OptionName {
    case fields
}

/// The members of one field of `form`.
public enum FormFieldOption: String, OptionName {
    case name, kind, label, required, options
}

/// The members of an `actions` value: the chosen action's place and label.
public enum ActionsValue: String, OptionName {
    case index, label
}
