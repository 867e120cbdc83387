import PickerJSON
import PickerProtocol

/// A form's answer to a schema's fields, read back in the properties' JSON
/// types. The number and list (with `values`) fields already give them;
/// a number typed as text is read here.
extension FormMapping {
    struct Problem: Error {
        var message: String
        init(_ message: String) { self.message = message }
    }

    /// One field's answer, as pickerd's kind gives it, in the property's JSON type.
    static func read(_ answer: JSON, as shape: Shape) -> Result<JSON, Problem> {
        switch shape {
        case .text, .date:
            return .success(answer)
        case .integerScale:
            // pickerd's number kind gave a point of the scale of step 1: a whole number.
            guard let number = answer.doubleValue, let whole = Int64(exactly: number) else {
                return .failure(Problem("is not a whole number: \(answer)"))
            }
            return .success(.integer(whole))
        case .integer(let minimum, let maximum):
            guard let text = answer.stringValue, let number = Int64(text) else {
                return .failure(Problem("must be a whole number\(given(answer))"))
            }
            if let minimum, number < minimum {
                return .failure(Problem("must be at least \(minimum); \(number) is less"))
            }
            if let maximum, number > maximum {
                return .failure(Problem("must be at most \(maximum); \(number) is more"))
            }
            return .success(.integer(number))
        case .number(let minimum, let maximum):
            guard let text = answer.stringValue, let number = Double(text), number.isFinite else {
                return .failure(Problem("must be a number\(given(answer))"))
            }
            if let minimum, number < minimum {
                return .failure(Problem("must be at least \(JSON.double(minimum)); \(text) is less"))
            }
            if let maximum, number > maximum {
                return .failure(Problem("must be at most \(JSON.double(maximum)); \(text) is more"))
            }
            // 3 stays the integer 3; 2.5 is a double.
            return .success(text.contains(".") ? .double(number) : Int64(text).map(JSON.integer) ?? .double(number))
        case .boolean:
            // The list's values are true and false: anything else is no answer to read as No.
            guard let answer = answer.boolValue else {
                return .failure(Problem("is neither true nor false: \(answer)"))
            }
            return .success(.bool(answer))
        case .choice(let choices):
            guard let choice = choices.first(where: { ChoiceValue.matches(answer, $0.value) }) else {
                return .failure(Problem("is not one of its choices: \(answer)"))
            }
            return .success(choice.value)
        case .choices(let choices):
            let picked = answer.arrayValue ?? []
            return .success(
                .array(
                    choices.filter { choice in picked.contains { ChoiceValue.matches($0, choice.value) } }.map(\.value))
            )
        }
    }

    private static func given(_ answer: JSON) -> String {
        answer.stringValue.map { "; “\($0)” is not" } ?? ""
    }
}
