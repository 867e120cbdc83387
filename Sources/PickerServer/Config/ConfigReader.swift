import Logging
import PickerCore
import PickerJSON
import PickerPlugins
import PickerProtocol

/// Walks a config document, collecting every problem instead of stopping at the
/// first. Each key is named once, where it is read: a section's known keys are
/// the ones read from it, and any other key is a problem, except keys named
/// `//`, which are comments.
struct ConfigReader {
    private(set) var problems: [ConfigProblem] = []

    mutating func configuration(from json: JSON) -> DaemonConfiguration {
        var configuration = DaemonConfiguration()
        guard let root = section(json, at: "") else { return configuration }
        defer { finish(root) }

        if let socket = section("socket", in: root) {
            configuration.socketMode = mode("mode", in: socket) ?? configuration.socketMode
            configuration.socketDirectoryMode = mode("directory_mode", in: socket) ?? configuration.socketDirectoryMode
            finish(socket)
        }
        if let limits = section("limits", in: root) {
            for limit in Limit.allCases {
                let range = Int64(limit.range.lowerBound)...Int64(limit.range.upperBound)
                if let value = integer(limit.key, in: limits, range) { configuration.limits[limit] = Int(value) }
            }
            finish(limits)
        }
        if let levels = section("levels", in: root) {
            for key in levels.object.members.keys where key != "//" {
                guard let value = integer(key, in: levels, -100_000...100_000) else { continue }
                configuration.levels[key] = Int(value)
            }
            if case .failure(let error) = Result(catching: { () throws(PickerError) in
                try LevelTable(extra: configuration.levels)
            }) {
                report("levels", error.message)
            }
        }
        if let timeouts = section("timeouts", in: root) {
            configuration.defaultTimeoutMilliseconds =
                integer("default_ms", in: timeouts, 0...Int64(Int32.max) * 1000)
                ?? configuration.defaultTimeoutMilliseconds
            configuration.maxTimeoutMilliseconds =
                integer("max_ms", in: timeouts, 1...Int64(Int32.max) * 1000) ?? configuration.maxTimeoutMilliseconds
            if configuration.defaultTimeoutMilliseconds > configuration.maxTimeoutMilliseconds {
                report(
                    timeouts.object.path(of: "default_ms"),
                    "must not be greater than \(timeouts.object.path(of: "max_ms"))")
            }
            finish(timeouts)
        }
        if let windows = section("windows", in: root) {
            configuration.ownerGraceMilliseconds =
                integer("owner_grace_ms", in: windows, 0...Int64(Int32.max) * 1000)
                ?? configuration.ownerGraceMilliseconds
            configuration.reattachMilliseconds =
                integer("reattach_ms", in: windows, 0...3_600_000) ?? configuration.reattachMilliseconds
            finish(windows)
        }
        if let state = section("state", in: root) {
            configuration.durability =
                choice("durability", in: state, "must be durable or memory") ?? configuration.durability
            configuration.retentionMilliseconds =
                integer("retention_ms", in: state, 0...Int64(Int32.max) * 1000) ?? configuration.retentionMilliseconds
            configuration.maxOutcomes =
                integer("max_outcomes", in: state, 0...10_000_000).map(Int.init) ?? configuration.maxOutcomes
            finish(state)
        }
        if let permissions = section("permissions", in: root) {
            configuration.permissionRules = readRules(permissions)
            finish(permissions)
        }
        if let log = section("log", in: root) {
            configuration.logLevel =
                choice("level", in: log, "must be one of trace, debug, info, notice, warning, error, critical")
                ?? configuration.logLevel
            finish(log)
        }
        if let plugins = section("plugins", in: root) {
            configuration.presetsDirectory = string("presets_dir", in: plugins)
            configuration.pluginTimeoutMilliseconds =
                integer("timeout_ms", in: plugins, 1...600_000) ?? configuration.pluginTimeoutMilliseconds
            finish(plugins)
        }
        if let zone = string("time_zone", in: root) {
            if SystemTimeZone.isKnown(zone) {
                configuration.timeZone = zone
            } else {
                report(
                    root.object.path(of: "time_zone"),
                    "no time zone named '\(zone.prefix(60))' in the zoneinfo database; use an IANA name such as Europe/Berlin, or null for the system's"
                )
            }
        }
        return configuration
    }

    private mutating func readRules(_ permissions: ConfigSection) -> [PermissionPolicy.Rule] {
        let rules = read(permissions, "rules") { object, key throws(ConfigProblem) in try object.array(key) }
        guard let list = rules else { return [] }
        var parsed: [PermissionPolicy.Rule] = []
        for (index, entry) in list.enumerated() {
            guard let rule = section(entry, at: permissions.object.path(of: "rules[\(index)]")) else { continue }
            defer { finish(rule) }
            let subjectKeys = PermissionPolicy.Rule.SubjectKey.allCases
            for key in subjectKeys { rule.markRead(key.rawValue) }
            let subjects = subjectKeys.filter { rule.object.has($0.rawValue) }
            let allow = permissionNames("allow", in: rule)
            guard subjects.count == 1 else {
                report(rule.object.path, "needs exactly one of user, group, uid or gid")
                continue
            }
            if let subject = subject(subjects[0], in: rule), let allow {
                parsed.append(.init(subject: subject, allow: allow))
            }
        }
        return parsed
    }

    private mutating func subject(_ key: PermissionPolicy.Rule.SubjectKey, in rule: ConfigSection) -> PermissionPolicy
        .Rule.Subject?
    {
        let id: UInt32?
        switch key {
        case .user, .group:
            guard let name = string(key.rawValue, in: rule) else { return nil }
            id = key == .user ? UserDatabase.uid(ofUser: name) : UserDatabase.gid(ofGroup: name)
            if id == nil { report(rule.object.path(of: key.rawValue), "no \(key.rawValue) named '\(name)'") }
        case .uid, .gid:
            id = integer(key.rawValue, in: rule, 0...Int64(UInt32.max)).map(UInt32.init)
        }
        return id.map { key == .user || key == .uid ? .uid($0) : .gid($0) }
    }

    private mutating func permissionNames(_ key: String, in rule: ConfigSection) -> Set<Permission>? {
        rule.markRead(key)
        guard let names = rule.object[key]?.arrayValue else {
            report(rule.object.path(of: key), "expected an array of permission names")
            return nil
        }
        var allow = Set<Permission>()
        for (position, name) in names.enumerated() {
            if name.stringValue == "all" {
                allow.formUnion(Permission.allCases)
            } else if let permission = name.stringValue.flatMap(Permission.init(rawValue:)) {
                allow.insert(permission)
            } else {
                report(
                    rule.object.path(of: "\(key)[\(position)]"),
                    "must be one of present, answer, manage, observe, admin, alert or all")
            }
        }
        return allow
    }

    // MARK: reading, collecting problems

    private mutating func report(_ path: String, _ message: String) {
        problems.append(ConfigProblem(path: path.isEmpty ? "(top level)" : path, message: message))
    }

    /// One read; its problem is kept, and reading goes on.
    private mutating func read<Value>(
        _ section: ConfigSection, _ key: String, _ body: (ConfigSection.Object, String) throws(ConfigProblem) -> Value?
    ) -> Value? {
        section.markRead(key)
        do {
            return try body(section.object, key)
        } catch {
            problems.append(error)
            return nil
        }
    }

    private mutating func section(_ json: JSON?, at path: String) -> ConfigSection? {
        do {
            return try ConfigSection.Object(json, at: path, failure: ConfigSection.problem).map(ConfigSection.init)
        } catch {
            problems.append(error)
            return nil
        }
    }

    private mutating func section(_ key: String, in parent: ConfigSection) -> ConfigSection? {
        parent.markRead(key)
        return section(parent.object[key], at: parent.object.path(of: key))
    }

    /// Reports the keys of `section` that were not read.
    private mutating func finish(_ section: ConfigSection) {
        for key in section.object.unknownKeys(known: section.keysRead + ["//"]) {
            problems.append(
                ConfigSection.problem(
                    JSONReadProblem(path: section.object.path(of: key), .unknownKey(known: section.keysRead))))
        }
    }

    private mutating func integer(_ key: String, in section: ConfigSection, _ range: ClosedRange<Int64>) -> Int64? {
        read(section, key) { object, key throws(ConfigProblem) in try object.integer(key, in: range) }
    }

    private mutating func string(_ key: String, in section: ConfigSection) -> String? {
        read(section, key) { object, key throws(ConfigProblem) in try object.string(key) }
    }

    /// A string that must name one of `Choice`'s cases.
    private mutating func choice<Choice: RawRepresentable<String>>(
        _ key: String, in section: ConfigSection, _ otherwise: String
    ) -> Choice? {
        guard let text = string(key, in: section) else { return nil }
        guard let value = Choice(rawValue: text) else {
            report(section.object.path(of: key), otherwise)
            return nil
        }
        return value
    }

    /// A file mode written as an octal string, `"0600"`.
    private mutating func mode(_ key: String, in section: ConfigSection) -> UInt32? {
        guard let text = string(key, in: section) else { return nil }
        guard let value = UInt32(text, radix: 8), value <= 0o777 else {
            report(section.object.path(of: key), "expected an octal file mode like \"0600\"")
            return nil
        }
        return value
    }
}

/// One object of a config, and the keys read from it so far: those are its
/// known keys (`ConfigReader.finish`).
final class ConfigSection {
    typealias Object = ObjectReader<ConfigProblem>
    let object: Object
    private(set) var keysRead: [String] = []

    init(_ object: Object) {
        self.object = object
    }

    func markRead(_ key: String) {
        if !keysRead.contains(key) { keysRead.append(key) }
    }

    /// A reading mistake in the config's words.
    static func problem(_ problem: JSONReadProblem) -> ConfigProblem {
        let message =
            switch problem.kind {
            case .unknownKey(let known): "unknown key; known keys here are \(known.joined(separator: ", "))"
            case .missing: "missing"
            case .mistyped(let expected, _): "expected \(expected)"
            case .outOfRange(let range, _, isInteger: true): "must be from \(range.lowerBound) to \(range.upperBound)"
            case .outOfRange: "expected an integer"
            }
        return ConfigProblem(path: problem.path.isEmpty ? "(top level)" : problem.path, message: message)
    }
}
