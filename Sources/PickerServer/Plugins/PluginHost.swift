import Logging
import NIOCore
import PickerCore

/// The presets' external programs (`ExternalPlugin`), by kind, each started
/// on first use, and the presents whose default one of them is checking.
/// Part of `DaemonCore`, on its event loop.
final class PluginHost {
    private let eventLoop: any EventLoop
    /// Runs their programs: processes, or scripted ones in the fuzz target.
    private let launcher: any PluginProgramLauncher
    private var plugins: [String: ExternalPlugin] = [:]
    /// Presents whose default a program is checking, by connection: they
    /// count toward its open windows (`DaemonCore.checkDefault`).
    private var defaultChecks: [ConnectionID: Int] = [:]

    init(eventLoop: any EventLoop, launcher: any PluginProgramLauncher) {
        self.eventLoop = eventLoop
        self.launcher = launcher
    }

    var isEmpty: Bool { plugins.isEmpty }

    /// The program that checks values of `kind`, if it has one.
    subscript(kind: String) -> ExternalPlugin? { plugins[kind] }

    /// Replaces the programs with those of `presets` (the old ones stop).
    func adopt(_ presets: PresetFolder.Loaded, timeout: TimeAmount, logger: Logger) {
        stopAll()
        plugins = [:]
        for preset in presets.presets {
            guard let exec = preset.exec else { continue }
            plugins[preset.kind] = ExternalPlugin(
                kind: preset.kind, command: exec, workingDirectory: presets.folder, eventLoop: eventLoop,
                timeout: timeout,
                launcher: launcher, log: { [logger] level, message in logger.log(level: level, "\(message)") })
        }
    }

    func stopAll() {
        for plugin in plugins.values { plugin.stop() }
    }

    // MARK: defaults being checked

    /// Defaults being checked for presents over `connection`.
    func defaultChecks(over connection: ConnectionID) -> Int {
        defaultChecks[connection, default: 0]
    }

    func defaultCheckBegins(over connection: ConnectionID) {
        defaultChecks[connection, default: 0] += 1
    }

    func defaultCheckEnds(over connection: ConnectionID) {
        let left = defaultChecks[connection, default: 1] - 1
        defaultChecks[connection] = left > 0 ? left : nil
    }
}
