import Foundation
import PickerJSON
import PickerProtocol
import PickerTestSupport
import Testing

/// What a plugin program gets from the daemon: its three standard descriptors
/// and nothing else, its own process group, a reset signal state, a minimal
/// environment, the presets folder as working directory, and death with the
/// daemon.
@Suite(.tags(.process)) struct PluginIsolationTests {
    /// `cat` answers each request with itself, which is an answer with the value unchanged.
    static let cat = "#!/bin/sh\nexec cat\n"

    @Test func aPluginGetsOnlyItsStandardDescriptorsAGroupAResetSignalStateAndAMinimalEnvironment() throws {
        let fixture = try PluginFixture()
        try fixture.addPlugin("probe", program: Self.cat)
        let daemon = try fixture.daemon(environment: ["SECRET_API_TOKEN": "hunter2", "PICKERD_TEST_NOISE": "1"])
        let client = try TestClient(socketPath: daemon.socketPath)
        let window = try client.result("present", ["kind": "probe"])["window"]!
        #expect(try client.result("submit", ["window": window, "value": "x"])["value"] == "x")
        let pid = try PluginFixture.pid(of: "probe", in: daemon)

        let descriptors = ProcessInfoFile.descriptors(pid)
        #expect(descriptors == [0, 1, 2], "\(ProcessInfoFile.descriptorTargets(pid))")
        #expect(ProcessInfoFile.processGroup(pid) == pid, "the plugin leads a process group of its own")
        let status = (try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)) ?? ""
        let signals = status.split(separator: "\n").filter { $0.hasPrefix("SigIgn:") || $0.hasPrefix("SigBlk:") }
        // NIO ignores SIGPIPE in the daemon; a plugin must not inherit that.
        #expect(signals == ["SigBlk:\t0000000000000000", "SigIgn:\t0000000000000000"], "\(signals)")

        var environment = ProcessInfoFile.environment(pid)
        // sh exports PWD itself (`exec cat` keeps it): the working directory, not the daemon's.
        let folder = fixture.folder.resolvingSymlinksInPath().path
        #expect(environment.removeValue(forKey: "PWD").map { $0 == folder } ?? true)
        var expected = [
            "PATH": "/usr/local/bin:/usr/bin:/bin", "LANG": "C.UTF-8", "PICKERD_KIND": "probe",
            "HOME": ProcessInfo.processInfo.environment["HOME"] ?? "/",
        ]
        if let zone = ProcessInfo.processInfo.environment["TZ"] { expected["TZ"] = zone }
        #expect(environment == expected)
        #expect(environment["SECRET_API_TOKEN"] == nil)
        #expect(ProcessInfoFile.workingDirectory(pid) == folder)
    }

    @Test func aPluginDiesWithTheDaemonAndItsChildrenDoNotHoldTheSocket() throws {
        let fixture = try PluginFixture()
        let backgroundFile = fixture.home.url.appendingPathComponent("background.pid").path
        // It answers until its stdin ends, then would live on; its background child lives on regardless.
        try fixture.addPlugin(
            "stubborn",
            program: "#!/bin/sh\nsleep 1000 &\necho $! > '\(backgroundFile)'\ncat\nexec sleep 1000\n")
        let first = try fixture.daemon()
        // Kept alive to the end: releasing it waits for its exit, which Foundation
        // notices by a socket that a plugin inheriting descriptors would hold.
        try withExtendedLifetime(first) {
            let client = try TestClient(socketPath: first.socketPath)
            let window = try client.result("present", ["kind": "stubborn"])["window"]!
            #expect(try client.result("submit", ["window": window, "value": "x"])["value"] == "x")
            let pid = try PluginFixture.pid(of: "stubborn", in: first)
            let background = try #require(
                pid_t(
                    (try? String(contentsOfFile: backgroundFile, encoding: .utf8))?.trimmingCharacters(
                        in: .whitespacesAndNewlines) ?? ""))
            defer {
                kill(pid, SIGKILL)
                kill(background, SIGKILL)
            }
            #expect(ProcessInfoFile.isAlive(background))

            kill(first.pid, SIGKILL)
            // Until the killed daemon is reaped its listening socket may still
            // take connections, which the next daemon would take for a live one.
            try eventually("the daemon to be reaped", timeout: 10) { !first.isRunning }
            try eventually("the plugin to die with the daemon", timeout: 10) { !ProcessInfoFile.isAlive(pid) }
            // The background child outlives both (nothing is left to kill it) but
            // holds none of the daemon's descriptors, so a new daemon can listen.
            #expect(ProcessInfoFile.isAlive(background))
            #expect(!ProcessInfoFile.descriptorTargets(background).contains { $0.hasPrefix("socket:") })
            let second = try fixture.daemon()
            #expect(try TestClient(socketPath: second.socketPath).result("ping") == "pong")
            #expect(!second.log.contains("another pickerd is listening"))
        }
    }

    @Test func aClientConnectedBeforeAPluginStartedSeesTheDaemonCloseIt() throws {
        let fixture = try PluginFixture()
        try fixture.addPlugin("probe", program: Self.cat)
        let daemon = try fixture.daemon(limits: #"{"max_line_bytes": 1000}"#)
        let early = try TestClient(socketPath: daemon.socketPath)
        #expect(try early.result("ping") == "pong")
        let client = try TestClient(socketPath: daemon.socketPath)
        let window = try client.result("present", ["kind": "probe"])["window"]!
        #expect(try client.result("submit", ["window": window, "value": "x"])["value"] == "x")
        // The daemon answers an overlong line with -32001 and closes the connection.
        early.send(line: String(repeating: "x", count: 2000))
        #expect(try early.readMessage()?["error"]?["code"] == -32001)
        #expect(early.closes(within: 10), "a plugin holding the connection's descriptor keeps it open")
    }

    @Test func aFailedPluginIsKilledWithItsWholeProcessGroupAndReaped() throws {
        let fixture = try PluginFixture()
        let backgroundFile = fixture.home.url.appendingPathComponent("background.pid").path
        try fixture.addPlugin(
            "hanger", program: "#!/bin/sh\nsleep 1000 &\necho $! > '\(backgroundFile)'\nexec sleep 1000\n")
        let daemon = try fixture.daemon(timeoutMilliseconds: 500)
        let client = try TestClient(socketPath: daemon.socketPath)
        let window = try client.result("present", ["kind": "hanger"])["window"]!
        let error = try client.error("submit", ["window": window, "value": "x"])
        #expect(error.message == "the hanger plugin did not answer within 500 ms (plugins.timeout_ms); it is restarted")
        let pid = try PluginFixture.pid(of: "hanger", in: daemon)
        let background = pid_t(
            (try? String(contentsOfFile: backgroundFile, encoding: .utf8))?.trimmingCharacters(
                in: .whitespacesAndNewlines) ?? "")
        defer { if let background { kill(background, SIGKILL) } }
        #expect(background != nil)
        // Reaped: not even a zombie is left.
        try eventually("the plugin to be reaped", timeout: 10) {
            !FileManager.default.fileExists(atPath: "/proc/\(pid)")
        }
        try eventually("its background child to be killed", timeout: 10) {
            background.map { !ProcessInfoFile.isAlive($0) } ?? false
        }
        #expect(try client.result("ping") == "pong")
    }
}
