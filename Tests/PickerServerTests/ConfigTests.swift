import Foundation
import PickerJSON
import PickerProtocol
import PickerTestSupport
import Testing

@testable import PickerServer

@Suite(.tags(.process)) struct ConfigTests {
    @Test func theDocumentedDefaultIsTheBuiltInOne() throws {
        let file = SharedFolder.packageRoot.appendingPathComponent("config/pickerd.json")
        #expect(try String(contentsOf: file, encoding: .utf8) == DaemonConfiguration.defaultText)
        #expect(try DaemonConfiguration.read(DaemonConfiguration.defaultText).get() == DaemonConfiguration())
    }

    @Test func everyProblemIsReportedWithItsKeyPath() {
        let text = #"""
            {"limits": {"max_line_bytes": "big", "max_depht": 3}, "socket": {"mode": "rw"},
             "levels": {"alert": 5, "critical": 200000}, "state": {"durability": "tape"},
             "permissions": {"rules": [{"user": "no-such-user-here", "allow": ["observe", "fly"]}, {"allow": []}, {"uid": 7, "allow": [], "gruop": 1}]},
             "log": {"level": "loud"}, "colour": true, "plugins": {"timeout_ms": 0, "presets": "/x"}}
            """#
        guard case .failure(let problems) = DaemonConfiguration.read(text) else {
            Issue.record("a bad config was accepted")
            return
        }
        let lines = problems.problems.map(\.description)
        for expected in [
            "limits.max_line_bytes: expected an integer",
            "limits.max_depht: unknown key; known keys here are \(Limit.allCases.map(\.key).joined(separator: ", "))",
            "socket.mode: expected an octal file mode like \"0600\"",
            "levels.critical: must be from -100000 to 100000",
            "state.durability: must be durable or memory",
            "permissions.rules[0].user: no user named 'no-such-user-here'",
            "permissions.rules[0].allow[1]: must be one of present, answer, manage, observe, admin, alert or all",
            "permissions.rules[1]: needs exactly one of user, group, uid or gid",
            "permissions.rules[2].gruop: unknown key; known keys here are user, group, uid, gid, allow",
            "log.level: must be one of trace, debug, info, notice, warning, error, critical",
            "plugins.timeout_ms: must be from 1 to 600000",
            "plugins.presets: unknown key; known keys here are presets_dir, timeout_ms",
            "colour: unknown key; known keys here are socket, limits, levels, timeouts, windows, state, permissions, log, plugins, time_zone",
        ] {
            #expect(lines.contains(expected), "missing: \(expected)\nhave:\n\(lines.joined(separator: "\n"))")
        }
        #expect(lines.contains { $0.hasPrefix("levels: level name 'alert' is built in") })
    }

    @Test func checkConfigOnGoodAndBadFiles() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "pickerd-config-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let good = directory.appendingPathComponent("good.json").path
        let bad = directory.appendingPathComponent("bad.json").path
        try #"{"levels": {"critical": 3000}, "permissions": {"rules": [{"group": "root", "allow": ["all"]}]}}"#.write(
            toFile: good, atomically: true, encoding: .utf8)
        try #"{"limits": {"max_line_bytes": -1}, "extra": 1}"#.write(toFile: bad, atomically: true, encoding: .utf8)
        let accepted = try DaemonProcess.run(["--check-config", "--config", good])
        #expect(accepted.status == 0 && accepted.output == "\(good): OK\n")
        let refused = try DaemonProcess.run(["--check-config", "--config", bad])
        #expect(refused.status == 1)
        #expect(refused.output.contains("limits.max_line_bytes: must be from 64 to 268435456"))
        #expect(refused.output.contains("extra: unknown key"))
        #expect(refused.output.hasPrefix("pickerd: \(bad) has 2 problems:"))
        let builtIn = try DaemonProcess.run(["--check-config"])
        #expect(builtIn.status == 0 && builtIn.output == "the built-in default config: OK\n")
        let missing = try DaemonProcess.run([
            "--check-config", "--config", directory.appendingPathComponent("none.json").path,
        ])
        #expect(missing.status != 0 && missing.output.contains("cannot read the config file"))
    }

    /// Three mistakes that used to pass: the daemon then ran in UTC, without
    /// the presets folder, or without the preset.
    @Test func checkConfigCatchesAZoneAFolderAndAPresetThatAreNotThere() throws {
        let directory = try TestDirectory()
        func check(_ config: String) throws -> (status: Int32, output: String) {
            let path = directory.url.appendingPathComponent("pickerd.json").path
            try config.write(toFile: path, atomically: true, encoding: .utf8)
            return try DaemonProcess.run(["--check-config", "--config", path])
        }
        let zone = try check(#"{"time_zone": "Mars/Base"}"#)
        #expect(zone.status == 1)
        #expect(zone.output.contains("time_zone: no time zone named 'Mars/Base'"), "\(zone.output)")
        #expect(try check(#"{"time_zone": "Asia/Shanghai"}"#).status == 0)

        let folder = try check(#"{"plugins": {"presets_dir": "no-such-folder"}}"#)
        #expect(folder.status == 1)
        #expect(
            folder.output.contains("plugins.presets_dir: \(directory.url.path)/no-such-folder is not a directory"),
            "\(folder.output)")

        let presets = directory.url.appendingPathComponent("presets")
        try FileManager.default.createDirectory(at: presets, withIntermediateDirectories: true)
        chmod(directory.url.path, 0o755)
        chmod(presets.path, 0o755)
        let file = presets.appendingPathComponent("flavor.json").path
        try #"{"kind": "flavor", "base": "custom", "optoins": {"columns": [["vanilla"]]}}"#.write(
            toFile: file, atomically: true, encoding: .utf8)
        chmod(file, 0o644)
        let typo = try check(#"{"plugins": {"presets_dir": "presets"}}"#)
        #expect(typo.status == 1)
        #expect(typo.output.contains("flavor.json: optoins: unknown key"), "\(typo.output)")
    }

    @Test func reloadAppliesAGoodConfigAndKeepsRunningOnABadOne() throws {
        let daemon = try DaemonProcess(config: #"{"levels": {"critical": 3000}}"#)
        let client = try TestClient(socketPath: daemon.socketPath)
        #expect(try client.result("present", ["kind": "text", "level": "critical"])["level_name"] == "critical")
        try #"{"levels": {"urgent": 3000}}"#.write(toFile: daemon.configPath!, atomically: true, encoding: .utf8)
        #expect(try client.result("reload") == true)
        #expect(try client.result("list")["windows"]?.arrayValue?.first?["level_name"] == "urgent")
        try #"{"levels": {"urgent": "high"}}"#.write(toFile: daemon.configPath!, atomically: true, encoding: .utf8)
        let refused = try client.error("reload")
        #expect(refused.message.contains("levels.urgent: expected an integer"))
        #expect(refused.message.hasPrefix("the config was not reloaded (the daemon keeps its current one)"))
        #expect(
            try client.result("present", ["kind": "text", "level": "urgent"])["level"] == 3000, "the old config stays")
        #expect(daemon.log.contains("config not reloaded; keeping the current one: levels.urgent: expected an integer"))
        // SIGHUP does the same as reload.
        try #"{"levels": {"severe": 3000}}"#.write(toFile: daemon.configPath!, atomically: true, encoding: .utf8)
        daemon.signal(SIGHUP)
        try eventually("the reloaded level name") {
            try client.result("list")["windows"]?.arrayValue?.first?["level_name"] == "severe"
        }
    }

    @Test func logLevelGivenOnTheCommandLineOutlivesAReload() throws {
        let daemon = try DaemonProcess(config: #"{"log": {"level": "info"}}"#, arguments: ["--log-level", "debug"])
        let client = try TestClient(socketPath: daemon.socketPath)
        #expect(try client.result("reload") == true)
        let second = try TestClient(socketPath: daemon.socketPath)
        _ = try second.result("ping")
        let afterReload = try #require(daemon.log.components(separatedBy: "config reloaded").last)
        #expect(afterReload.contains("accepted from uid"), "debug lines go on after the reload: \(daemon.log)")
    }
}

/// docs/configuration.md lists every limit with its default, as the config
/// table has it.
@Suite struct LimitDocumentationTests {
    @Test func everyLimitIsInTheConfigurationGuideWithItsDefault() throws {
        let guide = try String(
            contentsOf: SharedFolder.packageRoot.appendingPathComponent("docs/configuration.md"), encoding: .utf8)
        let defaults = Limits()
        for limit in Limit.allCases {
            #expect(
                guide.contains("| `limits.\(limit.key)` | \(defaults[limit]) |"),
                "docs/configuration.md lacks limits.\(limit.key) with its default \(defaults[limit])")
        }
    }
}
