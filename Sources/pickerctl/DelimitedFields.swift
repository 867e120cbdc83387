import PickerJSON
import PickerProtocol

/// `form --separator S`: the form's value printed as its fields delimited by
/// S, in field order, as `zenity --forms` prints them, instead of a JSON
/// object. Only what is printed changes; --json and what pickerd keeps are
/// the value as it is. A secure field is printed as the JSON object would
/// hold it: the asker gets its own answer.
struct DelimitedFields {
    /// The fields as the form was asked with, in their order.
    var fields: [FormField]
    var separator: String

    /// The outcome with its value as one line of fields, when it is a form's
    /// object; any other as it is.
    func applied(to outcome: Outcome) -> Outcome {
        guard case .object(let object)? = outcome.value else { return outcome }
        var delimited = outcome
        delimited.value = .string(line(object))
        return delimited
    }

    /// Each field as its kind prints it alone, but a custom or list field's
    /// choices joined by a comma (the separator joins the fields); a field
    /// left out (not required, not set) is empty.
    func line(_ value: JSONObject) -> String {
        fields.map { field in
            guard let fieldValue = value[field.name], fieldValue != .null else { return "" }
            return ValueFormatting.text(of: fieldValue, kind: field.builtInKind, separator: Self.choiceSeparator)
        }.joined(separator: separator)
    }

    static let choiceSeparator = ","
}
