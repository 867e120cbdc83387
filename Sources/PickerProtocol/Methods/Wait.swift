import PickerJSON

/// `wait`: a window's outcome once it ends, at once when it has; -32003 after
/// `timeout_ms` while it is still open.
public struct Wait: PickerMethod {
    public typealias Result = Outcome
    public static let signature = MethodSignature("wait", takes: [.window, .timeoutMs], needs: .observe)

    public var window: WindowID
    public var timeoutMilliseconds: Int64?

    public init(window: WindowID, timeoutMilliseconds: Int64? = nil) {
        self.window = window
        self.timeoutMilliseconds = timeoutMilliseconds
    }

    public init(reading reader: ParamsReader) throws(RPCError) {
        window = try reader.requiredWindow()
        timeoutMilliseconds = try reader.integer(WireName.timeoutMs, in: 1...Int64(Int32.max) * 1000)
    }

    public var params: JSONObject {
        var params = JSONObject([WireName.window: .string(window.rawValue)])
        if let timeoutMilliseconds { params[WireName.timeoutMs] = .integer(timeoutMilliseconds) }
        return params
    }

    public var target: MethodTarget { .window(window) }
}
