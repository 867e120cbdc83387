import HTTPTypes
import Hummingbird
import PickerJSON
import PickerProtocol

/// A refusal or failure the page reads: an HTTP status and
/// `{"error": "one sentence", "field": name?}`.
struct WebError: HTTPResponseError {
    var status: HTTPResponse.Status
    var sentence: String
    /// The form field a rejected value is about.
    var field: String?

    init(_ status: HTTPResponse.Status, _ sentence: String, field: String? = nil) {
        self.status = status
        self.sentence = sentence
        self.field = field
    }

    func response(from request: Request, context: some RequestContext) throws -> Response {
        var body = JSONObject()
        body[PageName.error] = .string(sentence)
        if let field { body[WireName.field] = .string(field) }
        return JSONResponse.make(.object(body), status: status)
    }
}

/// A JSON body.
enum JSONResponse {
    static func make(_ value: JSON, status: HTTPResponse.Status = .ok) -> Response {
        Response(
            status: status, headers: [.contentType: "application/json; charset=utf-8"],
            body: ResponseBody(byteBuffer: ByteBuffer(string: value.serialized())))
    }
}
