import PickerJSON

/// `browse`: one directory of a `file` window, listed by the window's owner
/// (PROTOCOL.md, `file`). A front-end sends it to the daemon, which sends
/// the same request, with an id of its own, on to the connection that
/// presented the window with `browsable: true`, and relays the answer back.
public struct Browse: PickerMethod {
    public typealias Result = BrowseListing
    public static let signature = MethodSignature("browse", takes: [.window, .path], needs: .answer)

    public var window: WindowID
    /// An absolute, normalized directory inside the window's root.
    public var path: String

    public init(window: WindowID, path: String) {
        self.window = window
        self.path = path
    }

    public init(reading reader: ParamsReader) throws(RPCError) {
        window = try reader.requiredWindow()
        path = try reader.requiredString(WireName.path)
    }

    public var params: JSONObject {
        JSONObject([WireName.window: .string(window.rawValue), WireName.path: .string(path)])
    }

    public var target: MethodTarget { .window(window) }

    public static func encode(_ result: BrowseListing) -> JSON { result.json }
    public static func decode(_ json: JSON) -> BrowseListing? { BrowseListing(json: json) }
}
