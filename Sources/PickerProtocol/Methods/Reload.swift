import PickerJSON

/// `reload`: re-reads the config, as SIGHUP does; a bad one changes nothing
/// and is refused with its problems.
public struct Reload: ParameterlessMethod {
    public typealias Result = Bool
    public static let signature = MethodSignature("reload", needs: .admin)
    public init() {}
}
