import PickerCore

extension PluginRegistry {
    /// The six kinds compiled into pickerd, in PROTOCOL.md's order.
    public static var builtIn: PluginRegistry {
        PluginRegistry([DatePlugin(), CustomPlugin(), TextPlugin(), ActionsPlugin(), ListPlugin(), FormPlugin()])
    }
}
