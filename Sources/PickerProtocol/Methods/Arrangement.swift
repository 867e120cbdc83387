import PickerJSON

/// A method that moves one window in the stack and answers its summary.
public protocol StackMethod: WindowMethod where Result == WindowSummary {}

extension StackMethod {
    public static var permission: Permission? { .manage }
}

/// `raise`: to the top of its level.
public struct Raise: StackMethod {
    public static let name = "raise"
    public var window: WindowID
    public init(window: WindowID) { self.window = window }
}

/// `lower`: to the bottom of its level.
public struct Lower: StackMethod {
    public static let name = "lower"
    public var window: WindowID
    public init(window: WindowID) { self.window = window }
}

/// `hide`: off the stack, still open.
public struct Hide: StackMethod {
    public static let name = "hide"
    public var window: WindowID
    public init(window: WindowID) { self.window = window }
}

/// `show`: back on the stack.
public struct Show: StackMethod {
    public static let name = "show"
    public var window: WindowID
    public init(window: WindowID) { self.window = window }
}

/// `set_level`: to another level, on top of it.
public struct SetLevel: PickerMethod {
    public typealias Result = WindowSummary
    public static let name = "set_level"
    public static let parameters: [WireName] = [.window, .level]
    public static let permission: Permission? = .manage

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
