import PickerJSON

/// One method of the protocol, as sourcekit-lsp's protocol module has one type
/// per request: its wire name, its params read and written, what it needs to be
/// allowed, and its result read and written. The daemon and every client go
/// through these types, so each wire shape is defined once.
public protocol PickerMethod: Sendable {
    associatedtype Result: Sendable

    /// Its name, params and permission.
    static var signature: MethodSignature { get }

    /// Reads the params; `reader` has already refused unknown names.
    init(reading reader: ParamsReader) throws(RPCError)
    /// The params as the wire carries them.
    var params: JSONObject { get }
    /// What the request acts on, for the permission check.
    var target: MethodTarget { get }

    static func encode(_ result: Result) -> JSON
    /// Appends the result's JSON text: `encode(result)` serialized, but
    /// written straight into the bytes for a result that is a
    /// `JSONObjectShape`, with no `JSON` tree built first.
    static func encode(_ result: Result, into bytes: inout [UInt8])
    /// The result from a response; nil when it is not of this method's shape.
    static func decode(_ json: JSON) -> Result?
}

/// What a request acts on: the daemon as a whole, or one window (nil: the key window).
public enum MethodTarget: Sendable, Equatable {
    case daemon
    case window(WindowID?)
}

extension PickerMethod {
    /// The `method` of the request.
    public static var name: String { signature.name }
    /// Every param it takes; any other is refused with -32602.
    public static var parameters: [WireName] { signature.parameters }
    /// What a connection needs to call it (`MethodSignature.permission`).
    public static var permission: Permission? { signature.permission }

    /// Reads a request's params, refusing names the method does not take.
    public init(params: JSONObject) throws(RPCError) {
        try self.init(params: .tree(params))
    }

    public init(params: JSONMembers) throws(RPCError) {
        try self.init(reading: ParamsReader(params, method: Self.name, known: Self.paramNames))
    }

    /// The names of its params, as the wire spells them.
    public static var paramNames: [String] { parameters.map { $0.jsonKey } }

    public var target: MethodTarget { .daemon }
}

extension PickerMethod {
    public static func encode(_ result: Result, into bytes: inout [UInt8]) {
        encode(result).serialize(into: &bytes)
    }
}

extension PickerMethod where Result: JSONObjectShape {
    public static func encode(_ result: Result, into bytes: inout [UInt8]) {
        result.serialize(into: &bytes)
    }
}

extension PickerMethod where Result == JSON {
    public static func encode(_ result: JSON) -> JSON { result }
    public static func decode(_ json: JSON) -> JSON? { json }
}

extension PickerMethod where Result == WindowSummary {
    public static func encode(_ result: WindowSummary) -> JSON { result.json }
    public static func decode(_ json: JSON) -> WindowSummary? { WindowSummary(json: json) }
}

extension PickerMethod where Result == Outcome {
    public static func encode(_ result: Outcome) -> JSON { result.json }
    public static func decode(_ json: JSON) -> Outcome? { Outcome(json: json) }
}

extension PickerMethod where Result == Bool {
    public static func encode(_ result: Bool) -> JSON { .bool(result) }
    public static func decode(_ json: JSON) -> Bool? { json.boolValue }
}

/// A method that takes no params.
public protocol ParameterlessMethod: PickerMethod {
    init()
}

extension ParameterlessMethod {
    public init(reading reader: ParamsReader) throws(RPCError) { self.init() }
    public var params: JSONObject { JSONObject() }
}

/// A method whose only param is the `window` it acts on.
public protocol WindowMethod: PickerMethod {
    var window: WindowID { get }
    init(window: WindowID)
}

extension WindowMethod {
    public init(reading reader: ParamsReader) throws(RPCError) { self.init(window: try reader.requiredWindow()) }
    public var params: JSONObject { JSONObject([WireName.window: .string(window.rawValue)]) }
    public var target: MethodTarget { .window(window) }
}
