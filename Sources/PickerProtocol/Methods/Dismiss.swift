import PickerJSON

/// `dismiss`: ends one window, every window, or a level's windows; the ids
/// it ended come back.
public struct Dismiss: PickerMethod {
    public enum Selection: Sendable, Equatable {
        case window(WindowID)
        case all
        case level(LevelSpec)
    }

    public typealias Result = [WindowID]
    public static let signature = MethodSignature("dismiss", takes: [.window, .all, .level], needs: .manage)

    public var selection: Selection

    public init(_ selection: Selection) {
        self.selection = selection
    }

    public init(reading reader: ParamsReader) throws(RPCError) {
        let selectors = Self.parameters.filter(reader.has)
        guard selectors.count == 1 else {
            throw RPCError.invalidParams("dismiss needs exactly one of window, all: true, or level")
        }
        switch selectors[0] {
        case .window:
            selection = .window(try reader.requiredWindow())
        case .all:
            guard try reader.bool(WireName.all) == true else {
                throw reader.problem(WireName.all, .mistyped(expected: "true", found: "false"))
            }
            selection = .all
        default:
            selection = .level(try reader.level(WireName.level)!)
        }
    }

    public var params: JSONObject {
        switch selection {
        case .window(let window): return JSONObject([WireName.window: .string(window.rawValue)])
        case .all: return JSONObject([WireName.all: true])
        case .level(let level): return JSONObject([WireName.level: level.json])
        }
    }

    public var target: MethodTarget {
        if case .window(let window) = selection { return .window(window) }
        return .daemon
    }

    public static func encode(_ result: [WindowID]) -> JSON {
        .object(JSONObject([WireName.dismissed: .array(result.map { .string($0.rawValue) })]))
    }

    public static func decode(_ json: JSON) -> [WindowID]? {
        guard let items = json[WireName.dismissed]?.arrayValue else { return nil }
        let ids = items.compactMap(\.stringValue)
        return ids.count == items.count ? ids.map(WindowID.init) : nil
    }
}
