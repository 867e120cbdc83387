import PickerJSON

/// A method that gives a window (the key window when omitted) a `value`.
public protocol ValueMethod: PickerMethod {
    /// nil: the key window.
    var window: WindowID? { get }
    var value: JSON { get }
    init(window: WindowID?, value: JSON)
}

extension ValueMethod {
    public static var parameters: [WireName] { [.window, .value] }
    public static var permission: Permission? { .answer }

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
    public static let name = "update"
    public var window: WindowID?
    public var value: JSON

    public init(window: WindowID? = nil, value: JSON) {
        self.window = window
        self.value = value
    }
}

/// `submit`: answers a window; its outcome comes back.
public struct Submit: ValueMethod {
    public typealias Result = Outcome
    public static let name = "submit"
    public var window: WindowID?
    public var value: JSON

    public init(window: WindowID? = nil, value: JSON) {
        self.window = window
        self.value = value
    }
}

/// `cancel`: ends a window without a value; its outcome comes back.
public struct Cancel: PickerMethod {
    public typealias Result = Outcome
    public static let name = "cancel"
    public static let parameters: [WireName] = [.window]
    public static let permission: Permission? = .answer

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
