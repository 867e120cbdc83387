import Logging
import PickerCore
import PickerJSON
import PickerPlugins
import PickerProtocol
import PickerSystem

/// The daemon's settings, read from `config/pickerd.json` (or the embedded
/// default, which is the same file). Every key is documented there.
public struct DaemonConfiguration: Sendable, Equatable {
    public enum Durability: String, Sendable, Equatable {
        /// Windows, outcomes and id counters in SQLite under the state directory.
        case durable
        /// Nothing on disk; windows end with reason `shutdown` when the daemon stops.
        case memory
    }

    public var socketMode: UInt32 = 0o600
    public var socketDirectoryMode: UInt32 = 0o700
    public var limits = Limits()
    public var levels: [String: Int] = [:]
    public var defaultTimeoutMilliseconds: Int64 = 0
    public var maxTimeoutMilliseconds: Int64 = 7 * 24 * 3_600_000
    public var ownerGraceMilliseconds: Int64 = 0
    public var reattachMilliseconds: Int64 = 5000
    public var durability = Durability.durable
    public var retentionMilliseconds: Int64 = 600_000
    public var maxOutcomes = 10_000
    public var permissionRules: [PermissionPolicy.Rule] = []
    public var logLevel = Logger.Level.info
    /// `pickerd --log-level`: wins over `log.level`, also after a reload.
    public var logLevelFromCommandLine: Logger.Level?
    /// nil: the system's zone.
    public var timeZone: String?
    /// `plugins.presets_dir`; nil: `plugins.d` beside the config file.
    public var presetsDirectory: String?
    /// `plugins.timeout_ms`: how long an external plugin may take to answer.
    public var pluginTimeoutMilliseconds: Int64 = 2000

    /// Where presets are read from, for a config read from `configPath`
    /// (nil: the built-in config, which has none unless it names a folder).
    public func presetsFolder(configPath: String?) -> String? {
        if let presetsDirectory {
            guard !presetsDirectory.hasPrefix("/"), let configPath, let slash = configPath.lastIndex(of: "/") else {
                return presetsDirectory
            }
            return String(configPath[...slash]) + presetsDirectory
        }
        guard let configPath else { return nil }
        guard let slash = configPath.lastIndex(of: "/") else { return "plugins.d" }
        return String(configPath[...slash]) + "plugins.d"
    }

    public init() {}

    /// The model's part of the settings; `daemonUID` and root are exempt from per-user quotas.
    func modelConfiguration(systemTimeZone: String, daemonUID: UInt32) -> ModelConfiguration {
        var configuration = ModelConfiguration()
        configuration.exemptUIDs = [0, daemonUID]
        configuration.maxWindows = limits.maxWindows
        configuration.maxWindowsPerUser = limits.maxWindowsPerUser
        configuration.maxOutcomesPerUser = limits.maxOutcomesPerUser
        configuration.defaultTimeoutMilliseconds = defaultTimeoutMilliseconds > 0 ? defaultTimeoutMilliseconds : nil
        configuration.maxTimeoutMilliseconds = maxTimeoutMilliseconds
        configuration.retentionMilliseconds = retentionMilliseconds
        configuration.maxOutcomes = maxOutcomes
        configuration.ownerGraceMilliseconds = ownerGraceMilliseconds
        configuration.reattachMilliseconds = reattachMilliseconds
        configuration.timeZone = timeZone ?? systemTimeZone
        return configuration
    }

    /// Reads the config file at `path` (nil: the built-in default). Names in
    /// permission rules are looked up in the user and group databases, which
    /// may block (LDAP, NSS): the daemon calls this off its event loop.
    public static func load(from path: String?) -> Result<DaemonConfiguration, ConfigProblems> {
        guard let path else { return read(defaultText) }
        return ConfigFile.read(path).flatMap(read)
    }

    /// What is wrong with the presets this configuration loads, for
    /// `--check-config`: a `plugins.presets_dir` that is not there (the
    /// default folder may be absent), and files the daemon would skip with a
    /// warning. Empty when nothing is.
    public func presetProblems(configPath: String?, systemTimeZone: String) -> [String] {
        let folder = presetsFolder(configPath: configPath)
        if presetsDirectory != nil, let folder, !POSIX.isDirectory(folder) {
            return ["plugins.presets_dir: \(folder) is not a directory; create it, or leave the key out"]
        }
        let zone = timeZone ?? systemTimeZone
        return PresetFolder.load(
            folder, context: PluginContext(now: SystemClock().now(), timeZone: zone, registry: .builtIn)
        ).problems
    }

    /// Reads a config file's text; every problem is reported with its key path.
    public static func read(_ text: String) -> Result<DaemonConfiguration, ConfigProblems> {
        let json: JSON
        do {
            json = try JSON.parse(text)
        } catch {
            return .failure(ConfigProblems([ConfigProblem(path: "(file)", message: "not valid JSON: \(error)")]))
        }
        var reader = ConfigReader()
        let configuration = reader.configuration(from: json)
        return reader.problems.isEmpty ? .success(configuration) : .failure(ConfigProblems(reader.problems))
    }
}

/// One thing wrong in a config, at a key path like `limits.max_line_bytes`.
public struct ConfigProblem: Error, Sendable, Equatable, CustomStringConvertible {
    public var path: String
    public var message: String

    public var description: String { "\(path): \(message)" }
}

public struct ConfigProblems: Error, Sendable, Equatable, CustomStringConvertible {
    public var problems: [ConfigProblem]
    /// The file itself could not be read or trusted (`ConfigFile`); nothing in it was looked at.
    public var concernTheFile: Bool

    init(_ problems: [ConfigProblem], concernTheFile: Bool = false) {
        self.problems = problems
        self.concernTheFile = concernTheFile
    }

    public var description: String { problems.map(\.description).joined(separator: "\n") }
}
