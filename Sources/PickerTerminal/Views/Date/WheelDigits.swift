/// Digits typed into one wheel. They build a value until it is whole: it has
/// as many digits as the wheel shows, or no further digit could make a valid
/// value (a 4 on the day wheel: there is no day 40 to 49). A digit that
/// cannot extend what is typed starts a new value (4 then 5 on the day wheel
/// is 5: there is no day 45).
struct WheelDigits {
    enum Outcome: Equatable {
        /// More digits may follow; nothing is chosen yet.
        case partial
        /// A value is typed in full (it may still be one the wheel lacks).
        case whole(Int)
    }

    /// How many digits the wheel's values have.
    let width: Int
    /// What is typed so far, empty when not typing.
    private(set) var typed = ""

    init(width: Int) {
        self.width = width
    }

    var isTyping: Bool { !typed.isEmpty }

    /// The value typed so far, if any.
    var value: Int? { Int(typed) }

    /// Adds `digit`; `isValid` tells which values the wheel has.
    mutating func add(_ digit: Character, isValid: (Int) -> Bool) -> Outcome {
        let extended = typed + String(digit)
        typed = canLead(extended, isValid: isValid) ? extended : String(digit)
        guard typed.count < width, canExtend(typed, isValid: isValid) else {
            defer { typed = "" }
            return .whole(Int(typed) ?? 0)
        }
        return .partial
    }

    mutating func removeLast() {
        if !typed.isEmpty { typed.removeLast() }
    }

    mutating func clear() {
        typed = ""
    }

    /// Whether `text` is a valid value or the start of one.
    private func canLead(_ text: String, isValid: (Int) -> Bool) -> Bool {
        guard text.count <= width else { return false }
        return isValid(Int(text) ?? -1) || canExtend(text, isValid: isValid)
    }

    /// Whether one or more further digits could make `text` a valid value.
    private func canExtend(_ text: String, isValid: (Int) -> Bool) -> Bool {
        guard let start = Int(text), text.count < width else { return false }
        var scale = 1
        for _ in text.count..<width {
            scale *= 10
            if (start * scale..<(start + 1) * scale).contains(where: isValid) { return true }
        }
        return false
    }
}
