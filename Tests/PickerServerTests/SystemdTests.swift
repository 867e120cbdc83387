import Foundation
import PickerJSON
import PickerTestSupport
import Testing

/// The daemon as systemd runs it: socket activation and the notify protocol.
@Suite(.tags(.process)) struct SystemdTests {
    static let socketActivate = "/usr/bin/systemd-socket-activate"

    static func inode(_ path: String) -> UInt64? {
        var info = stat()
        return stat(path, &info) == 0 ? UInt64(info.st_ino) : nil
    }

    @Test func socketActivationReadyStatusAndStopping() throws {
        guard FileManager.default.fileExists(atPath: Self.socketActivate) else {
            Issue.record("systemd-socket-activate is missing; .ci/run installs systemd")
            return
        }
        let home = try TestDirectory()
        let run = home.url.appendingPathComponent("run")
        try FileManager.default.createDirectory(at: run, withIntermediateDirectories: true)
        let socket = run.appendingPathComponent("pickerd.sock").path
        let notify = try NotifyListener()
        let log = home.url.appendingPathComponent("pickerd.log").path
        // SpawnedProcess, not Foundation's Process: systemd-socket-activate
        // closes the descriptor Foundation watches for the exit, and its
        // process monitor would then block in waitpid until this daemon
        // exits, stalling every other test's process meanwhile (seen: the
        // whole suite hung with both pool threads waiting on an exit).
        let daemon = try SpawnedProcess(
            [Self.socketActivate, "-l", socket, "-E", "NOTIFY_SOCKET=\(notify.address)"]
                // It passes on only what -E names; sanitizer options must
                // reach a sanitized pickerd too.
                + ["ASAN_OPTIONS", "TSAN_OPTIONS"].filter { ProcessInfo.processInfo.environment[$0] != nil }.flatMap {
                    ["-E", $0]
                }
                + [
                    DaemonProcess.executable("pickerd").path, "--state-dir",
                    home.url.appendingPathComponent("state").path, "--log-level", "debug",
                ],
            logPath: log)
        // The file appears at bind(), before listen(): the first connection
        // taken (it starts pickerd) is the one answered below.
        var client: TestClient?
        try eventually("systemd-socket-activate to listen on the socket") {
            client = try? TestClient(socketPath: socket)
            return client != nil
        }
        let before = Self.inode(socket)

        #expect(try #require(client).result("ping") == "pong", "the first connection is answered")
        let ready = notify.waitFor("READY=1")
        #expect(ready?.contains("STATUS=0 open windows") == true, "\(ready ?? "no READY=1")")
        _ = try #require(client).result("present", ["kind": "text"])
        #expect(notify.waitFor("STATUS=1 open windows (1 visible)") != nil)
        #expect(Self.inode(socket) == before, "the activated socket is the same file")

        #expect(daemon.stop() == 0, "SIGTERM ends it cleanly")
        #expect(notify.waitFor("STOPPING=1") != nil)
        let stderr = try String(contentsOfFile: log, encoding: .utf8)
        #expect(stderr.contains("(from systemd)"), "\(stderr)")
        #expect(Self.inode(socket) == before, "never unlinked or replaced")
    }

    @Test func watchdogPingsRepeatAtHalfTheInterval() throws {
        let notify = try NotifyListener()
        let daemon = try DaemonProcess(environment: ["NOTIFY_SOCKET": notify.address, "WATCHDOG_USEC": "300000"])
        #expect(notify.waitFor("READY=1") != nil)
        let start = Date()
        #expect(notify.waitFor(5, of: "WATCHDOG=1"))
        let elapsed = Date().timeIntervalSince(start)
        #expect(elapsed > 0.4, "pings come every 150 ms, not all at once (\(elapsed) s for five)")
        daemon.stop()
    }

    @Test func aWatchdogForAnotherProcessIsIgnored() throws {
        let notify = try NotifyListener()
        let daemon = try DaemonProcess(
            environment: ["NOTIFY_SOCKET": notify.address, "WATCHDOG_USEC": "100000", "WATCHDOG_PID": "1"])
        #expect(notify.waitFor("READY=1") != nil)
        // A fixed half second: that no ping comes has no event to wait for (five intervals of 100 ms).
        notify.waitFor("WATCHDOG=1", timeout: 0.5)
        #expect(notify.count("WATCHDOG=1") == 0)
        daemon.stop()
    }

    @Test func reloadIsAnnouncedAndTheAbstractNamespaceWorks() throws {
        let notify = try NotifyListener(abstract: true)
        let daemon = try DaemonProcess(config: "{}", environment: ["NOTIFY_SOCKET": notify.address])
        #expect(notify.waitFor("READY=1") != nil)
        daemon.signal(SIGHUP)
        let reloading = notify.waitFor("RELOADING=1")
        #expect(reloading?.contains("MONOTONIC_USEC=") == true)
        #expect(notify.count("READY=1") >= 1)
        // A fixed 100 ms: that the reload does not stop the daemon has no event to wait for.
        #expect(notify.waitFor("STOPPING", timeout: 0.1) == nil)
        #expect(notify.waitFor(2, of: "READY=1") && notify.count("READY=1") == 2, "READY=1 again after the reload")
        daemon.stop()
        #expect(notify.waitFor("STOPPING=1") != nil)
    }

    @Test func activationVariablesForAnotherProcessAreIgnored() throws {
        let daemon = try DaemonProcess(environment: ["LISTEN_PID": "1", "LISTEN_FDS": "1"])
        #expect(try TestClient(socketPath: daemon.socketPath).result("ping") == "pong")
        #expect(!daemon.log.contains("from systemd"))
    }
}
