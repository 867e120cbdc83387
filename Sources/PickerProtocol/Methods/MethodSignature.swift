/// What the wire and the permission check know of a method: its name, the
/// params it takes, and what a connection needs to call it. Each method
/// states it in one line; `PickerMethod` serves `name`, `parameters` and
/// `permission` from it.
public struct MethodSignature: Sendable {
    /// The `method` of the request.
    public let name: String
    /// Every param it takes; any other is refused with -32602.
    public let parameters: [WireName]
    /// What a connection needs to call it; nil: any connection may. For a
    /// method on one window (`target` is `.window`), the uid that presented
    /// the window needs nothing.
    public let permission: Permission?

    public init(_ name: String, takes parameters: [WireName] = [], needs permission: Permission?) {
        self.name = name
        self.parameters = parameters
        self.permission = permission
    }
}
