import PickerJSON
import PickerProtocol

extension PickerMethod {
    /// The typed result in a response, or `.protocolViolation` saying what came instead.
    static func result(from json: JSON) throws(PickerClientError) -> Result {
        guard let result = decode(json) else {
            throw .protocolViolation("not the result of \(name): \(json.serialized().prefix(200))")
        }
        return result
    }
}
