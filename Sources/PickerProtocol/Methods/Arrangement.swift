import PickerJSON

/// One of the four moves of a window in the stack. Each is a method of its
/// own, named after the move, with the same params and answer.
public protocol StackMove: Sendable {
    static var name: String { get }
}

/// `raise`, `lower`, `hide` or `show`, as `Move` says: one window moved in the
/// stack, answering its summary.
public struct StackMethod<Move: StackMove>: WindowMethod {
    public typealias Result = WindowSummary
    public static var signature: MethodSignature { MethodSignature(Move.name, takes: [.window], needs: .manage) }

    public var window: WindowID
    public init(window: WindowID) { self.window = window }
}

/// `raise`: to the top of its level.
public enum Raising: StackMove { public static let name = "raise" }
/// `lower`: to the bottom of its level.
public enum Lowering: StackMove { public static let name = "lower" }
/// `hide`: off the stack, still open.
public enum Hiding: StackMove { public static let name = "hide" }
/// `show`: back on the stack.
public enum Showing: StackMove { public static let name = "show" }

public typealias Raise = StackMethod<Raising>
public typealias Lower = StackMethod<Lowering>
public typealias Hide = StackMethod<Hiding>
public typealias Show = StackMethod<Showing>

/// `set_level`: to another level, on top of it.
public struct SetLevel: PickerMethod {
    public typealias Result = WindowSummary
    public static let signature = MethodSignature("set_level", takes: [.window, .level], needs: .manage)

    public var window: WindowID
    public var level: LevelSpec

    public init(window: WindowID, level: LevelSpec) {
        self.window = window
        self.level = level
    }

    public init(reading reader: ParamsReader) throws(RPCError) {
        window = try reader.requiredWindow()
        guard let level = try reader.level(WireName.level) else { throw reader.missing(WireName.level) }
        self.level = level
    }

    public var params: JSONObject {
        JSONObject([WireName.window: .string(window.rawValue), WireName.level: level.json])
    }
    public var target: MethodTarget { .window(window) }
}
