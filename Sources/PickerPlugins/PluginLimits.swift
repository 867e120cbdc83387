import PickerCore

/// Sizes of options no person could use more of in one window. They are fixed
/// product limits, not config keys: past one, `present` is refused at once
/// (-32602, the limit named in the message), so a client cannot make the one
/// event loop spend seconds on a picker nobody could answer.
public enum PluginLimits {
    /// Actions in one action sheet.
    public static let actions = 1_000
    /// Components of a custom picker: its columns, or the levels of its tree.
    public static let components = 10
    /// Rows of one column, or choices under one branch of a tree.
    public static let choicesPerColumn = 10_000
    /// Choices in a whole tree, every level counted.
    public static let treeChoices = 100_000
    /// Fields of one form.
    public static let formFields = 1_000
    /// Forms within forms (a field may be a preset of `form`): a form, a form
    /// in one of its fields, and a form in one of that one's fields.
    public static let formNesting = 3
    /// Characters (as a person counts them) in an action's label, a choice, a
    /// column's label, a field's name or label: a line on a screen.
    public static let labelLength = 1_000

    /// Refuses more than `limit` of something: "an action sheet holds at most
    /// 1,000 actions; this one has 58,000".
    static func check(_ count: Int, atMost limit: Int, _ holder: String, _ things: String, this: String = "this one")
        throws(PluginRejection)
    {
        guard count > limit else { return }
        throw PluginRejection("\(holder) holds at most \(limit.grouped) \(things); \(this) has \(count.grouped)")
    }

    /// Refuses a label, choice or name longer than `labelLength` characters.
    /// `what` says which one ("the label of action 3").
    static func checkLength(_ text: String, of what: @autoclosure () -> String) throws(PluginRejection) {
        // A character is at least one byte: only a long text needs counting.
        guard text.utf8.count > labelLength else { return }
        let length = text.count
        guard length > labelLength else { return }
        throw PluginRejection(
            "a label, choice or name holds at most \(labelLength.grouped) characters; \(what()) has \(length.grouped)")
    }
}

extension Int {
    /// The number with a comma between thousands: 58,000.
    var grouped: String {
        let digits = String(magnitude)
        var result = ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { result.append(",") }
            result.append(digit)
        }
        return self < 0 ? "-" + result : result
    }
}
