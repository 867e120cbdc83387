import Logging
import PickerCore
import PickerJSON
import PickerProtocol

/// Walks a config document, collecting every problem instead of stopping at the
/// first. Keys named `//` are comments and are skipped; any other unknown key is
/// a problem.
struct ConfigReader {
    private(set) var problems: [ConfigProblem] = []

    mutating func configuration(from json: JSON) -> DaemonConfiguration {
        var configuration = DaemonConfiguration()
        guard
            let root = object(
                json, at: "",
                known: ["socket", "limits", "levels", "timeouts", "windows", "state", "permissions", "log", "plugins", "time_zone"])
        else { return configuration }

        if let socket = object(root["socket"], at: "socket", known: ["mode", "directory_mode"]) {
            configuration.socketMode = mode(socket["mode"], at: "socket.mode") ?? configuration.socketMode
            configuration.socketDirectoryMode =
                mode(socket["directory_mode"], at: "socket.directory_mode") ?? configuration.socketDirectoryMode
        }
        readLimits(root["limits"], into: &configuration.limits)
        if let levels = object(root["levels"], at: "levels", known: nil) {
            for member in levels where member.key != "//" {
                let path = "levels.\(member.key)"
                guard let value = integer(member.value, at: path, in: -100_000...100_000) else { continue }
                configuration.levels[member.key] = Int(value)
            }
            if case .failure(let error) = Result(catching: { () throws(PickerError) in try LevelTable(extra: configuration.levels) }) {
                report("levels", error.message)
            }
        }
        if let timeouts = object(root["timeouts"], at: "timeouts", known: ["default_ms", "max_ms"]) {
            configuration.defaultTimeoutMilliseconds =
                integer(timeouts["default_ms"], at: "timeouts.default_ms", in: 0...Int64(Int32.max) * 1000)
                ?? configuration.defaultTimeoutMilliseconds
            configuration.maxTimeoutMilliseconds =
                integer(timeouts["max_ms"], at: "timeouts.max_ms", in: 1...Int64(Int32.max) * 1000)
                ?? configuration.maxTimeoutMilliseconds
            if configuration.defaultTimeoutMilliseconds > configuration.maxTimeoutMilliseconds {
                report("timeouts.default_ms", "must not be greater than timeouts.max_ms")
            }
        }
        if let windows = object(root["windows"], at: "windows", known: ["owner_grace_ms"]) {
            configuration.ownerGraceMilliseconds =
                integer(windows["owner_grace_ms"], at: "windows.owner_grace_ms", in: 0...Int64(Int32.max) * 1000)
                ?? configuration.ownerGraceMilliseconds
        }
        if let state = object(root["state"], at: "state", known: ["durability", "retention_ms", "max_outcomes"]) {
            if let durability = string(state["durability"], at: "state.durability") {
                if let value = DaemonConfiguration.Durability(rawValue: durability) {
                    configuration.durability = value
                } else {
                    report("state.durability", "must be durable or memory")
                }
            }
            configuration.retentionMilliseconds =
                integer(state["retention_ms"], at: "state.retention_ms", in: 0...Int64(Int32.max) * 1000)
                ?? configuration.retentionMilliseconds
            configuration.maxOutcomes =
                integer(state["max_outcomes"], at: "state.max_outcomes", in: 0...10_000_000).map(Int.init)
                ?? configuration.maxOutcomes
        }
        if let permissions = object(root["permissions"], at: "permissions", known: ["rules"]) {
            configuration.permissionRules = readRules(permissions["rules"])
        }
        if let log = object(root["log"], at: "log", known: ["level"]), let level = string(log["level"], at: "log.level") {
            if let value = Logger.Level(rawValue: level) {
                configuration.logLevel = value
            } else {
                report("log.level", "must be one of trace, debug, info, notice, warning, error, critical")
            }
        }
        if let plugins = object(root["plugins"], at: "plugins", known: ["presets_dir", "timeout_ms"]) {
            configuration.presetsDirectory = string(plugins["presets_dir"], at: "plugins.presets_dir")
            configuration.pluginTimeoutMilliseconds =
                integer(plugins["timeout_ms"], at: "plugins.timeout_ms", in: 1...600_000) ?? configuration.pluginTimeoutMilliseconds
        }
        if let zone = string(root["time_zone"], at: "time_zone") {
            configuration.timeZone = zone
        }
        return configuration
    }

    private mutating func readLimits(_ json: JSON?, into limits: inout Limits) {
        guard let object = object(json, at: "limits", known: Limit.allCases.map(\.key)) else { return }
        for limit in Limit.allCases {
            let range = Int64(limit.range.lowerBound)...Int64(limit.range.upperBound)
            if let value = integer(object[limit.key], at: "limits.\(limit.key)", in: range) { limits[limit] = Int(value) }
        }
    }

    private mutating func readRules(_ json: JSON?) -> [PermissionPolicy.Rule] {
        guard let json, !json.isNull else { return [] }
        guard let list = json.arrayValue else {
            report("permissions.rules", "expected an array of rules")
            return []
        }
        var rules: [PermissionPolicy.Rule] = []
        for (index, entry) in list.enumerated() {
            let path = "permissions.rules[\(index)]"
            guard let rule = object(entry, at: path, known: ["user", "group", "uid", "gid", "allow"]) else { continue }
            let selectors = ["user", "group", "uid", "gid"].filter { rule[$0] != nil }
            guard selectors.count == 1 else {
                report(path, "needs exactly one of user, group, uid or gid")
                continue
            }
            var subject: PermissionPolicy.Rule.Subject?
            switch selectors[0] {
            case "user":
                if let name = string(rule["user"], at: "\(path).user") {
                    if let uid = UserDatabase.uid(ofUser: name) { subject = .uid(uid) } else { report("\(path).user", "no user named '\(name)'") }
                }
            case "group":
                if let name = string(rule["group"], at: "\(path).group") {
                    if let gid = UserDatabase.gid(ofGroup: name) { subject = .gid(gid) } else { report("\(path).group", "no group named '\(name)'") }
                }
            case "uid":
                subject = integer(rule["uid"], at: "\(path).uid", in: 0...Int64(UInt32.max)).map { .uid(UInt32($0)) }
            default:
                subject = integer(rule["gid"], at: "\(path).gid", in: 0...Int64(UInt32.max)).map { .gid(UInt32($0)) }
            }
            var allow = Set<Permission>()
            if let names = rule["allow"]?.arrayValue {
                for (position, name) in names.enumerated() {
                    switch name.stringValue {
                    case "all"?: allow.formUnion(Permission.allCases)
                    case let text? where Permission(rawValue: text) != nil: allow.insert(Permission(rawValue: text)!)
                    default:
                        report(
                            "\(path).allow[\(position)]",
                            "must be one of present, answer, manage, observe, admin or all")
                    }
                }
            } else {
                report("\(path).allow", "expected an array of permission names")
            }
            if let subject { rules.append(.init(subject: subject, allow: allow)) }
        }
        return rules
    }

    // MARK: typed reads

    private mutating func report(_ path: String, _ message: String) {
        problems.append(ConfigProblem(path: path.isEmpty ? "(top level)" : path, message: message))
    }

    /// An object (or nil when absent), reporting keys outside `known` (nil: any key).
    private mutating func object(_ json: JSON?, at path: String, known: [String]?) -> JSONObject? {
        guard let json, !json.isNull else { return nil }
        guard let object = json.objectValue else {
            report(path, "expected an object")
            return nil
        }
        if let known {
            for key in object.keys where key != "//" && !known.contains(key) {
                report(path.isEmpty ? key : "\(path).\(key)", "unknown key; known keys here are \(known.joined(separator: ", "))")
            }
        }
        return object
    }

    private mutating func integer(_ json: JSON?, at path: String, in range: ClosedRange<Int64>) -> Int64? {
        guard let json, !json.isNull else { return nil }
        guard let value = json.integerValue else {
            report(path, "expected an integer")
            return nil
        }
        guard range.contains(value) else {
            report(path, "must be from \(range.lowerBound) to \(range.upperBound)")
            return nil
        }
        return value
    }

    private mutating func string(_ json: JSON?, at path: String) -> String? {
        guard let json, !json.isNull else { return nil }
        guard let value = json.stringValue else {
            report(path, "expected a string")
            return nil
        }
        return value
    }

    /// A file mode written as an octal string, `"0600"`.
    private mutating func mode(_ json: JSON?, at path: String) -> UInt32? {
        guard let text = string(json, at: path) else { return nil }
        guard let value = UInt32(text, radix: 8), value <= 0o777 else {
            report(path, "expected an octal file mode like \"0600\"")
            return nil
        }
        return value
    }
}
