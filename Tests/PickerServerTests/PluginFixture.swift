import Foundation
import PickerTestSupport

/// A presets folder (`plugins.d` in a fresh home) for the plugin isolation
/// tests: programs and their presets are written into it, then a daemon is
/// started on it. Unlike `ExternalPluginTests.daemon`, programs may be in any
/// language (their `#!` line is theirs) and the daemon's environment and user
/// may be chosen.
struct PluginFixture {
    let home: TestDirectory
    var folder: URL { home.url.appendingPathComponent("plugins.d") }

    init() throws {
        home = try TestDirectory()
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    /// Writes `program` (its whole text, `#!` line included) as an executable
    /// file `path` in the folder, and a preset `<kind>.json` of `base` running it.
    @discardableResult
    func addPlugin(_ kind: String, program: String, path: String? = nil, base: String = "text", options: String = "{}")
        throws -> URL
    {
        let name = path ?? kind
        let script = folder.appendingPathComponent(name)
        try FileManager.default.createDirectory(
            at: script.deletingLastPathComponent(), withIntermediateDirectories: true)
        try program.write(to: script, atomically: true, encoding: .utf8)
        chmod(script.path, 0o755)
        try addPreset(
            kind, json: #"{"kind": "\#(kind)", "base": "\#(base)", "options": \#(options), "exec": ["\#(name)"]}"#)
        return script
    }

    func addPreset(_ kind: String, json: String) throws {
        try json.write(to: folder.appendingPathComponent("\(kind).json"), atomically: true, encoding: .utf8)
    }

    /// Starts pickerd on this folder (memory state; `launcher` runs it, e.g. setpriv).
    func daemon(
        timeoutMilliseconds: Int = 5000, limits: String = "{}", environment: [String: String] = [:],
        launcher: [String] = []
    ) throws -> DaemonProcess {
        let config =
            #"{"state": {"durability": "memory"}, "limits": \#(limits), "plugins": {"timeout_ms": \#(timeoutMilliseconds)}}"#
        return try DaemonProcess(
            config: config, environment: environment, logLevel: "info", home: home, launcher: launcher)
    }

    /// The pid of the plugin of `kind` that `daemon` started last, from its log.
    static func pid(of kind: String, in daemon: DaemonProcess, ceiling: TimeInterval = 10) throws -> pid_t {
        let marker = "started the \(kind) plugin (pid "
        var pid: pid_t?
        try eventually("the \(kind) plugin to start:\n\(daemon.log)", timeout: ceiling) {
            if let line = daemon.log.split(separator: "\n").last(where: { $0.contains(marker) }),
                let range = line.range(of: marker)
            {
                pid = pid_t(line[range.upperBound...].prefix { $0.isNumber })
            }
            return pid != nil
        }
        return pid!
    }
}

/// What /proc says about a process.
enum ProcessInfoFile {
    /// Whether `pid` is running (not gone, not a zombie).
    static func isAlive(_ pid: pid_t) -> Bool {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let close = stat.lastIndex(of: ")")
        else { return false }
        return !stat[stat.index(close, offsetBy: 2)...].hasPrefix("Z")
    }

    /// The process group (field 5 of /proc/PID/stat).
    static func processGroup(_ pid: pid_t) -> pid_t? {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let close = stat.lastIndex(of: ")")
        else { return nil }
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        return fields.count > 2 ? pid_t(fields[2]) : nil
    }

    static func descriptors(_ pid: pid_t) -> [Int] {
        ((try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/fd")) ?? []).compactMap { Int($0) }
            .sorted()
    }

    /// Where each descriptor points (socket:[…], pipe:[…], anon_inode:[eventpoll]…).
    static func descriptorTargets(_ pid: pid_t) -> [String] {
        descriptors(pid).map {
            (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(pid)/fd/\($0)")) ?? "?"
        }
    }

    static func environment(_ pid: pid_t) -> [String: String] {
        guard let data = FileManager.default.contents(atPath: "/proc/\(pid)/environ") else { return [:] }
        var result: [String: String] = [:]
        for entry in data.split(separator: 0) {
            let text = String(decoding: entry, as: UTF8.self)
            guard let equals = text.firstIndex(of: "=") else { continue }
            result[String(text[..<equals])] = String(text[text.index(after: equals)...])
        }
        return result
    }

    static func workingDirectory(_ pid: pid_t) -> String? {
        try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(pid)/cwd")
    }
}

extension Result {
    var success: Success? {
        if case .success(let value) = self { return value }
        return nil
    }
}
