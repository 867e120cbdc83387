import PickerClient
import PickerJSON
import PickerProtocol

/// The built-in kinds' option schemas as pickerd describes them (`plugins`),
/// for `tools/list`: read once a session, on a connection of their own, so
/// the tools' input schemas carry pickerd's own types and bounds without this
/// server linking the daemon's plugins.
///
/// While pickerd does not answer (not running, or slower than `patience`),
/// there are none: the tools are still listed, each option by its name alone
/// (PickerProtocol's), and the next `tools/list` asks pickerd again. A host
/// that starts the server before pickerd thus still sees every tool, and a
/// call made meanwhile fails with why pickerd cannot be reached.
actor KindSchemas {
    private let socketPath: String?
    /// pickerd's answer, once it gave one.
    private var described: [BuiltInKind: JSONObject]?
    /// How long `tools/list` waits for pickerd before listing the tools without its schemas.
    private let patience: Duration
    static let defaultPatience: Duration = .seconds(5)

    init(socketPath: String?, patience: Duration = KindSchemas.defaultPatience) {
        self.socketPath = socketPath
        self.patience = patience
    }

    /// Each built-in kind's options schema's `properties`, or nil while pickerd does not answer.
    func optionSchemas() async -> [BuiltInKind: JSONObject]? {
        if let described { return described }
        guard let client = try? PickerClient.connect(socketPath: socketPath) else { return nil }
        // Closing the connection ends the call: a pickerd that accepted but does not answer holds up no host.
        let giveUp = Task { [patience] in
            try? await Task.sleep(for: patience)
            client.close()
        }
        defer {
            giveUp.cancel()
            client.close()
        }
        guard let plugins = try? await client.plugins() else { return nil }
        let schemas = Self.optionSchemas(of: plugins)
        described = schemas
        return schemas
    }

    /// The built-in kinds' option properties in a `plugins` answer; presets
    /// are left out (no tool asks with one).
    static func optionSchemas(of plugins: [PluginDescription]) -> [BuiltInKind: JSONObject] {
        var schemas: [BuiltInKind: JSONObject] = [:]
        for plugin in plugins where plugin.base == nil {
            if let kind = plugin.builtInKind, let properties = plugin.optionsSchema["properties"]?.objectValue {
                schemas[kind] = properties
            }
        }
        return schemas
    }
}
