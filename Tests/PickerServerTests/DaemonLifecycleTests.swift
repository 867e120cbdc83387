import Foundation
import PickerJSON
import PickerProtocol
import PickerTestSupport
import Testing

@Suite(.tags(.process)) struct DaemonLifecycleTests {
    @Test func socketIs0600InA0700Directory() throws {
        let daemon = try DaemonProcess()
        let socketInfo = try FileManager.default.attributesOfItem(atPath: daemon.socketPath)
        let directoryInfo = try FileManager.default.attributesOfItem(
            atPath: (daemon.socketPath as NSString).deletingLastPathComponent)
        #expect((socketInfo[.posixPermissions] as? Int) == 0o600)
        #expect((directoryInfo[.posixPermissions] as? Int) == 0o700)
        #expect((socketInfo[.type] as? FileAttributeType) == .typeSocket)
    }

    @Test func aLiveDaemonIsNotReplacedButAStaleSocketIs() throws {
        let daemon = try DaemonProcess()
        let second = try DaemonProcess.run(["--socket", daemon.socketPath])
        #expect(second.status != 0)
        #expect(second.output.contains("another pickerd is listening on \(daemon.socketPath)"))
        #expect(try TestClient(socketPath: daemon.socketPath).result("ping") == "pong")
        // A daemon killed with SIGKILL leaves its socket file behind.
        daemon.signal(SIGKILL)
        try eventually("the killed daemon to be reaped") { !daemon.isRunning }
        #expect(FileManager.default.fileExists(atPath: daemon.socketPath))
        let replacement = Process()
        replacement.executableURL = DaemonProcess.executable("pickerd")
        // Its state in the test's directory (the killed daemon's), never the user's own.
        replacement.arguments = ["--socket", daemon.socketPath, "--state-dir", daemon.stateDirectory]
        replacement.standardError = FileHandle.nullDevice
        try replacement.run()
        defer { replacement.terminate(); replacement.waitUntilExit() }
        // Generous: CI runs this under TSan and ASan on two cores.
        try eventually("the stale socket to be replaced", timeout: 60) {
            (try? TestClient(socketPath: daemon.socketPath).result("ping")) == "pong"
        }
    }

    @Test func aPathThatIsNotASocketIsRefused() throws {
        // In a directory of its own: pickerd refuses /tmp itself, which anyone may write to.
        let home = try TestDirectory()
        let file = home.url.appendingPathComponent("not-a-socket").path
        FileManager.default.createFile(atPath: file, contents: Data("x".utf8))
        let result = try DaemonProcess.run(["--socket", file])
        #expect(result.status != 0 && result.output.contains("\(file) exists and is not a socket"))
    }

    // on_disconnect and the owner's grace period: InProcessTests, on a manual clock.

    @Test func sigtermWithMemoryStateAnswersWaitersRemovesTheSocketAndExitsZero() throws {
        let daemon = try DaemonProcess(config: #"{"state": {"durability": "memory"}}"#)
        let asker = try TestClient(socketPath: daemon.socketPath)
        let id = asker.start("present", ["kind": "text", "wait": true])
        _ = try asker.result("ping")
        #expect(daemon.stop() == 0)
        #expect(try asker.response(to: id).get()["reason"] == "shutdown")
        #expect(!FileManager.default.fileExists(atPath: daemon.socketPath))
        #expect(daemon.log.contains("shutting down"))
    }

    @Test func journaldGetsPriorityPrefixesOnlyWhenStderrIsTheJournalStream() throws {
        let daemon = try DaemonProcess(logLevel: "info", journald: true)
        let client = try TestClient(socketPath: daemon.socketPath)
        let window = try client.result("present", ["kind": "text"])["window"]!.stringValue!
        daemon.stop()
        let lines = daemon.log.split(separator: "\n")
        #expect(lines.contains { $0.hasPrefix("<5>pickerd ") && $0.contains("listening on") }, "notice is <5>")
        #expect(lines.contains { $0.hasPrefix("<6>window \(window) presented") }, "info is <6>")
        #expect(lines.allSatisfy { $0.hasPrefix("<") }, "every line has a priority")
        // A JOURNAL_STREAM that is not this stderr (inherited, then redirected) is ignored.
        let redirected = try DaemonProcess(environment: ["JOURNAL_STREAM": "8:12345"], logLevel: "info")
        redirected.stop()
        #expect(redirected.log.contains("pickerd: notice: pickerd"))
        #expect(!redirected.log.contains("<5>"))
    }
}
