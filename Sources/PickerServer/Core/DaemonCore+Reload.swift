import Logging
import NIOCore
import PickerCore
import PickerJSON
import PickerPlugins
import PickerProtocol

/// Presets and their external programs, and reloading the config.
extension DaemonCore {
    /// The built-in kinds plus the presets folder's.
    static func loadPresets(
        _ configuration: DaemonConfiguration, configPath: String?, timeZone: String, clock: any PickerClock
    ) -> PresetFolder.Loaded {
        PresetFolder.load(
            configuration.presetsFolder(configPath: configPath),
            context: PluginContext(now: clock.now(), timeZone: timeZone, registry: .builtIn))
    }

    /// Replaces the external programs with those of `presets` (the old ones stop).
    func adoptExternalPlugins(_ presets: PresetFolder.Loaded) {
        plugins.adopt(presets, timeout: .milliseconds(configuration.pluginTimeoutMilliseconds), logger: logger)
    }

    func report(_ presets: PresetFolder.Loaded) {
        for problem in presets.problems { logger.warning("preset skipped: \(problem)") }
        if !presets.presets.isEmpty {
            logger.info("presets: \(presets.presets.map { "\($0.kind) (\($0.file))" }.joined(separator: ", "))")
        }
    }

    // MARK: config

    /// Re-reads the config file; a bad one changes nothing. The file is read
    /// (and names in its rules looked up) by `offLoop`, then applied on the
    /// loop, and `completion` runs there. systemd hears RELOADING=1 before and
    /// READY=1 after, either way.
    func reload(completion: @escaping (Result<Void, ConfigProblems>) -> Void = { _ in }) {
        systemd.reloading()
        reloadsStarted += 1
        let path = configPath
        let generation = reloadsStarted
        let bound = NIOLoopBound((core: self, completion: completion), eventLoop: eventLoop)
        offLoop {
            let loaded = DaemonConfiguration.load(from: path)
            bound.eventLoop.execute {
                let (core, completion) = bound.value
                completion(core.finishReload(loaded, generation: generation))
            }
        }
    }

    /// Applies a reload's reading, unless a later reload's was applied
    /// already: reads finish in any order, and the newest file wins.
    func finishReload(_ loaded: Result<DaemonConfiguration, ConfigProblems>, generation: Int)
        -> Result<Void, ConfigProblems>
    {
        defer { systemd.reloaded(statusSummary) }
        guard generation > reloadsApplied else { return .success(()) }
        reloadsApplied = generation
        switch loaded {
        case .failure(let problems):
            logger.error("config not reloaded; keeping the current one: \(problems.description.replacingNewlines())")
            return .failure(problems)
        case .success(let new):
            apply(new)
            logger.info("config reloaded from \(configPath ?? "the built-in default")")
            return .success(())
        }
    }

    func apply(_ read: DaemonConfiguration) {
        var new = read
        new.logLevelFromCommandLine = configuration.logLevelFromCommandLine
        configuration = new
        policy = PermissionPolicy(daemonUID: policy.daemonUID, rules: new.permissionRules)
        parser = Self.requestParser(new.limits)
        logger.logLevel = new.logLevelFromCommandLine ?? new.logLevel
        store.setRetention(milliseconds: new.retentionMilliseconds)
        // LevelTable(extra:) was checked when the config was read.
        if let levels = try? LevelTable(extra: new.levels) {
            let modelConfiguration = new.modelConfiguration(systemTimeZone: systemTimeZone, daemonUID: policy.daemonUID)
            let presets = Self.loadPresets(
                new, configPath: configPath, timeZone: modelConfiguration.timeZone, clock: model.clock)
            model.reconfigure(modelConfiguration, levels: levels, plugins: presets.registry)
            report(presets)
            adoptExternalPlugins(presets)
        }
        afterChange()
    }
}
