import PickerJSON
import PickerProtocol

/// What `present` asks for: the `present` method's params.
public typealias Presentation = Present

/// Answers a request the daemon sends (`browse`, for a file window this
/// client presented with `browsable: true`): its method and params in, its
/// result or error out. Runs on a thread of its own.
public typealias RequestHandler = @Sendable (_ method: String, _ params: JSONObject) -> Result<JSON, RPCError>
