import PickerCore

extension PluginRegistry {
    /// The five kinds compiled into pickerd.
    public static var builtIn: PluginRegistry {
        PluginRegistry([DatePlugin(), CustomPlugin(), TextPlugin(), ActionsPlugin(), FormPlugin()])
    }
}
