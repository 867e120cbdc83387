import PickerJSON
import PickerProtocol

/// The picker kinds the daemon knows, in the order they were registered.
public struct PluginRegistry: Sendable {
    private var pluginsByKind: [String: any PickerPlugin] = [:]
    public private(set) var kinds: [String] = []

    public init(_ plugins: [any PickerPlugin] = []) {
        for plugin in plugins {
            register(plugin)
        }
    }

    /// Adds a kind, replacing any plugin registered for it before.
    public mutating func register(_ plugin: any PickerPlugin) {
        if pluginsByKind[plugin.kind] == nil {
            kinds.append(plugin.kind)
        }
        pluginsByKind[plugin.kind] = plugin
    }

    public func plugin(for kind: String) -> (any PickerPlugin)? {
        pluginsByKind[kind]
    }

    public var plugins: [any PickerPlugin] {
        kinds.compactMap { pluginsByKind[$0] }
    }

    /// The `plugins` method's answer: kind, summary and both schemas for each
    /// kind, `base` for a preset, and `checked_by` for one with an external program.
    public var descriptions: [PluginDescription] {
        plugins.map { PluginDescription($0) }
    }
}
