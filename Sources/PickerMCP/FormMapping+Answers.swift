import PickerJSON
import PickerProtocol

/// An agent's answers to a form schema's fields, read back as the values
/// pickerd's kinds take.
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
        case .integerWheel:
            guard let text = answer.arrayValue?.first?.stringValue, let number = Int64(text) else {
                return .failure(Problem("is not a whole number: \(answer)"))
            }
            return .success(.integer(number))
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
            // Only the person's Yes is true: anything else is no answer to read as No.
            switch answer.arrayValue?.first?.stringValue {
            case yes?: return .success(true)
            case no?: return .success(false)
            default: return .failure(Problem("is neither \(yes) nor \(no): \(answer)"))
            }
        case .choice(let choices):
            guard let title = answer.arrayValue?.first?.stringValue,
                let choice = choices.first(where: { $0.title == title })
            else {
                return .failure(Problem("is not one of its choices: \(answer)"))
            }
            return .success(choice.value)
        case .choices(let choices):
            let titles = (answer.arrayValue ?? []).compactMap(\.stringValue)
            return .success(.array(choices.filter { titles.contains($0.title) }.map(\.value)))
        }
    }

    private static func given(_ answer: JSON) -> String {
        answer.stringValue.map { "; “\($0)” is not" } ?? ""
    }
}
