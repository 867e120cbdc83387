import PickerJSON
import PickerProtocol

/// Request lines built from their method types (`PickerProtocol`), as every
/// client sends them; built once where a benchmark repeats them.
enum TypedRequest {
    static func line<Method: PickerMethod>(_ method: Method, id: Int64 = 1) -> String {
        RPCRequest(id: .integer(id), method: Method.name, params: method.params).json.serialized()
    }

    static func bytes<Method: PickerMethod>(_ method: Method, id: Int64 = 1) -> [UInt8] {
        Array(line(method, id: id).utf8) + [0x0A]
    }

    /// A submit's line around its window id, so a tight loop splices in the id
    /// it read without building the request again.
    static func submitAround(value: JSON, id: Int64) -> (before: [UInt8], after: [UInt8]) {
        let marker = "@window@"
        let whole = bytes(Submit(window: WindowID(marker), value: value), id: id)
        let text = String(decoding: whole, as: UTF8.self)
        let range = text.range(of: marker)!
        return (Array(text[..<range.lowerBound].utf8), Array(text[range.upperBound...].utf8))
    }
}
