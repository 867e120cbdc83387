import PickerJSON

// The names of the built-in kinds' options (PROTOCOL.md, "Kinds"), each
// spelled here once: the plugins read and describe them, the clients write
// and draw them. In the order the plugins list them.

/// A name of a kind's option; it prints as the wire spells it.
public protocol OptionName: MemberName, CaseIterable, CustomStringConvertible, RawRepresentable<String>, Sendable {}

extension OptionName {
    /// Every name, in order: what a present's options, and a restored
    /// window's, are checked against. Made on each call; a dozen short
    /// literals cost little beside the present they check.
    public static var names: [String] { allCases.map(\.rawValue) }

    public var description: String { rawValue }
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
    case pattern
    /// What `pattern` asks for, in words ("an email address"), shown to the person in its place.
    case patternDescription = "pattern_description"
    case secure, multiline, trim
    /// A JSON number is taken as its text (`2.5` is `"2.5"`): a number asked
    /// as text (an MCP form's), answered by a script with the number itself.
    case takesNumbers = "takes_numbers"
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
    /// A line above the choices, as `gum choose --header`.
    case header
    /// How many choices are shown at once (front-ends show fewer when they have no room).
    case height
    /// Each choice's JSON value (a string, number or boolean): the list's value is then the
    /// chosen values, a bare one without `multiple` (an MCP form's boolean or enum).
    case values
}

public enum NumberOption: String, OptionName {
    case min, max, step, initial, unit
}

public enum ProgressOption: String, OptionName {
    case pulsate
    case autoClose = "auto_close"
    case cancellable
}

public enum FileOption: String, OptionName {
    case directory, multiple, save, root, start, patterns
    case showHidden = "show_hidden"
}

public enum FormOption: String, OptionName {
    case fields
}

/// The members of one field of `form`. `base` is pickerd's to write: the
/// built-in kind a preset field is made from (a given one is replaced).
public enum FormFieldOption: String, OptionName {
    case name, kind, base, label, required, options
}

/// The members of an `actions` value: the chosen action's place and label.
public enum ActionsValue: String, OptionName {
    case index, label
}

/// The members of a `progress` value: how far (0–100, null while pulsating) and a line of text.
public enum ProgressValue: String, OptionName {
    case percent, text
}
