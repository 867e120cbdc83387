import PickerJSON

/// A `list` choice's value (option `values`, docs/protocol.md) and how an
/// answer is matched to it: the one definition the list plugin, the terminal's
/// list and MCP's form reading use. The page's `choices.js` (`valueIndex`)
/// mirrors it for the values pickerd sends it.
public enum ChoiceValue {
    /// Whether `answer` is `value`: numbers as the numbers they are (3 is 3.0,
    /// compared as doubles), anything else as equal JSON, so "3" is not 3 and
    /// true is not 1.
    public static func matches(_ answer: JSON, _ value: JSON) -> Bool {
        if let number = answer.doubleValue, let other = value.doubleValue { return number == other }
        return answer == value
    }

    /// The position in `values` of the first value `answer` matches.
    public static func position(of answer: JSON, in values: [JSON]) -> Int? {
        values.firstIndex { matches(answer, $0) }
    }
}
