import PickerJSON

/// The params of a method that gives a window (the key window when
/// omitted) a `value`.
public struct ValueParams: Sendable, Equatable {
    /// nil: the key window.
    public var window: WindowID?
    public var value: JSON
}

/// A method that gives a window a value: `update` and `submit`.
public protocol ValueMethod: PickerMethod {
    var answer: ValueParams { get }
    init(_ answer: ValueParams)
}

extension ValueMethod {
    public init(window: WindowID? = nil, value: JSON) {
        self.init(ValueParams(window: window, value: value))
    }

    public var window: WindowID? { answer.window }
    public var value: JSON { answer.value }

    public init(reading reader: ParamsReader) throws(RPCError) {
        let window = try reader.optionalWindow()
        guard let value = reader[WireName.value] else { throw reader.missing(WireName.value) }
        self.init(window: window, value: value)
    }

    public var params: JSONObject {
        var params = JSONObject([WireName.value: value])
        if let window { params[WireName.window] = .string(window.rawValue) }
        return params
    }

    public var target: MethodTarget { .window(window) }
}

/// `update`: sets a window's live selection; its summary comes back.
public struct Update: ValueMethod {
    public typealias Result = WindowSummary
    public static let signature = MethodSignature("update", takes: [.window, .value], needs: .answer)
    public let answer: ValueParams
    public init(_ answer: ValueParams) { self.answer = answer }
}

/// `submit`: answers a window; its outcome comes back.
public struct Submit: ValueMethod {
    public typealias Result = Outcome
    public static let signature = MethodSignature("submit", takes: [.window, .value], needs: .answer)
    public let answer: ValueParams
    public init(_ answer: ValueParams) { self.answer = answer }
}

/// `cancel`: ends a window without a value; its outcome comes back.
public struct Cancel: PickerMethod {
    public typealias Result = Outcome
    public static let signature = MethodSignature("cancel", takes: [.window], needs: .answer)

    /// nil: the key window.
    public var window: WindowID?

    public init(window: WindowID? = nil) {
        self.window = window
    }

    public init(reading reader: ParamsReader) throws(RPCError) {
        window = try reader.optionalWindow()
    }

    public var params: JSONObject {
        guard let window else { return JSONObject() }
        return JSONObject([WireName.window: .string(window.rawValue)])
    }

    public var target: MethodTarget { .window(window) }
}
