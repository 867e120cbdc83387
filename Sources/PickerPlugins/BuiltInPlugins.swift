import PickerCore
import PickerProtocol

extension PluginRegistry {
    /// The kinds compiled into pickerd, in PROTOCOL.md's order.
    public static var builtIn: PluginRegistry {
        PluginRegistry(BuiltInKind.allCases.map(plugin(for:)))
    }

    /// The plugin of each built-in kind; a new kind's case fails to compile here until it has one.
    private static func plugin(for kind: BuiltInKind) -> any PickerPlugin {
        switch kind {
        case .date: DatePlugin()
        case .custom: CustomPlugin()
        case .text: TextPlugin()
        case .actions: ActionsPlugin()
        case .list: ListPlugin()
        case .form: FormPlugin()
        case .number: NumberPlugin()
        case .progress: ProgressPlugin()
        case .file: FilePlugin()
        }
    }
}
