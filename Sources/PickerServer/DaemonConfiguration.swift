import Logging
import PickerCore
import PickerJSON

/// The daemon's settings, read from `config/pickerd.json` (or the embedded
/// default, which is the same file). Every key is documented there.
public struct DaemonConfiguration: Sendable, Equatable {
    public struct Limits: Sendable, Equatable {
        public var maxLineBytes = 1 << 20
        public var partialLineTimeoutMilliseconds: Int64 = 10_000
        public var maxDepth = 64
        public var maxEventQueue = 10_000
        public var maxWindows = 100_000
        public var maxWindowsPerConnection = 10_000
        public var maxSubscriptionsPerConnection = 64
        public var maxBatch = 1000
    }

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
    public var durability = Durability.durable
    public var retentionMilliseconds: Int64 = 600_000
    public var maxOutcomes = 10_000
    public var permissionRules: [PermissionPolicy.Rule] = []
    public var logLevel = Logger.Level.info
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

    /// The model's part of the settings.
    func modelConfiguration(systemTimeZone: String) -> ModelConfiguration {
        var configuration = ModelConfiguration()
        configuration.maxWindows = limits.maxWindows
        configuration.defaultTimeoutMilliseconds = defaultTimeoutMilliseconds > 0 ? defaultTimeoutMilliseconds : nil
        configuration.maxTimeoutMilliseconds = maxTimeoutMilliseconds
        configuration.retentionMilliseconds = retentionMilliseconds
        configuration.maxOutcomes = maxOutcomes
        configuration.ownerGraceMilliseconds = ownerGraceMilliseconds
        configuration.timeZone = timeZone ?? systemTimeZone
        return configuration
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
public struct ConfigProblem: Sendable, Equatable, CustomStringConvertible {
    public var path: String
    public var message: String

    public var description: String { "\(path): \(message)" }
}

public struct ConfigProblems: Error, Sendable, Equatable, CustomStringConvertible {
    public var problems: [ConfigProblem]

    init(_ problems: [ConfigProblem]) {
        self.problems = problems
    }

    public var description: String { problems.map(\.description).joined(separator: "\n") }
}
