import Foundation
import PickerJSON
import PickerProtocol
import PickerTestSupport
import Testing

/// The state directory, its files and the config file cannot be turned
/// against pickerd by whoever can write where they are; state deleted under
/// a running daemon is noticed; window ids never repeat; stored text keeps
/// every byte.
@Suite(.tags(.process)) struct StateSafetyTests {
    /// Starts pickerd to completion (it is expected to refuse) on `state`.
    static func refusal(state: String, _ extra: [String] = [], environment: [String: String] = [:]) throws
        -> CommandLineProcess.Result
    {
        let socket = NSTemporaryDirectory() + "pickerd-refusal-\(UUID().uuidString.prefix(8)).sock"
        defer { unlink(socket) }
        return try CommandLineProcess.run(
            "pickerd", ["--socket", socket, "--state-dir", state] + extra, environment: environment)
    }

    @Test func anUnsafeStateDirectoryIsRefused() throws {
        let home = try TestDirectory()
        let open = home.url.appendingPathComponent("open").path
        mkdir(open, 0o777)
        chmod(open, 0o777)
        let refused = try Self.refusal(state: open)
        #expect(refused.status == 1)
        #expect(
            refused.stderr.contains("the state directory \(open) is writable by others (mode 777)"), "\(refused.stderr)"
        )

        let foreign = home.url.appendingPathComponent("foreign").path
        mkdir(foreign, 0o700)
        chown(foreign, 65534, 65534)
        #expect(try Self.refusal(state: foreign).stderr.contains("belongs to uid 65534, not to pickerd's uid"))

        let real = home.url.appendingPathComponent("real").path
        mkdir(real, 0o700)
        let link = home.url.appendingPathComponent("link").path
        symlink(real, link)
        #expect(try Self.refusal(state: link).stderr.contains("is a symbolic link"))
    }

    @Test func withoutHomeThereIsNoSharedFallback() throws {
        let socket = NSTemporaryDirectory() + "pickerd-nohome-\(UUID().uuidString.prefix(8)).sock"
        defer { unlink(socket) }
        // No HOME, XDG_STATE_HOME or STATE_DIRECTORY (CommandLineProcess kills it after 30 s if it starts).
        let result = try CommandLineProcess.run(
            "pickerd", ["--socket", socket], prefix: ["/usr/bin/env", "-i", "PATH=/usr/bin:/bin"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("there is no place for durable state: HOME is not set"), "\(result.stderr)")
    }

    @Test func aPlantedDatabaseIsRefusedAndOwnFilesArePrivate() throws {
        let home = try TestDirectory()
        let state = home.url.appendingPathComponent("state").path
        mkdir(state, 0o700)
        let planted = state + "/state.db"
        FileManager.default.createFile(atPath: planted, contents: nil)
        chmod(planted, 0o666)
        chown(planted, 65534, 65534)
        let refused = try Self.refusal(state: state)
        #expect(refused.stderr.contains("state.db belongs to uid 65534, not to pickerd's uid"), "\(refused.stderr)")

        // An own file left readable by others (as earlier versions made it) is made private.
        chown(planted, geteuid(), getegid())
        chmod(planted, 0o644)
        let daemon = try DaemonProcess(home: home)
        let client = try TestClient(socketPath: daemon.socketPath)
        _ = try client.result("present", ["kind": "text", "title": "private"])
        for file in ["state.db", "state.db-wal"] {
            let mode = try FileManager.default.attributesOfItem(atPath: state + "/" + file)[.posixPermissions] as? Int
            #expect(mode == 0o600, "\(file) has mode \(String(mode ?? 0, radix: 8))")
        }
    }

    @Test func aWorldWritableConfigIsRefused() throws {
        let home = try TestDirectory()
        let config = home.url.appendingPathComponent("pickerd.json").path
        try "{}".write(toFile: config, atomically: true, encoding: .utf8)
        chmod(config, 0o666)
        let checked = try DaemonProcess.run(["--check-config", "--config", config])
        #expect(checked.status != 0)
        #expect(
            checked.output.contains("may be changed by its group or others (mode 666); it is not trusted (chmod go-w)"),
            "\(checked.output)")
        chmod(config, 0o644)
        #expect(try DaemonProcess.run(["--check-config", "--config", config]).status == 0)
    }

    /// The next `present` on `client` is never acknowledged: the connection
    /// closes unanswered and the daemon stops with EX_SOFTWARE, logging `logged`.
    func expectStopsUnacknowledged(_ daemon: DaemonProcess, _ client: TestClient, logging logged: String) throws {
        client.send(line: #"{"jsonrpc":"2.0","id":2,"method":"present","params":{"kind":"text"}}"#)
        #expect(client.closes(within: 10), "the present is not acknowledged")
        #expect(client.others.isEmpty, "answered: \(client.others)")
        try eventually("the daemon to stop") { !daemon.isRunning }
        #expect(daemon.stop() == 70, "EX_SOFTWARE")
        #expect(daemon.log.contains(logged), "\(daemon.log)")
    }

    @Test func deletedStateStopsTheDaemonAndIdsNeverRepeat() throws {
        let home = try TestDirectory()
        var daemon = try DaemonProcess(home: home)
        let client = try TestClient(socketPath: daemon.socketPath)
        let first = try client.result("present", ["kind": "text"])["window"]!
        for file in ["state.db", "state.db-wal", "state.db-shm"] { unlink(daemon.stateDirectory + "/" + file) }
        // Nothing more is acknowledged: the daemon stops instead.
        try expectStopsUnacknowledged(daemon, client, logging: "was deleted or replaced while pickerd ran")
        // The next start has a new database, and new ids.
        daemon = try DaemonProcess(home: home)
        let again = try TestClient(socketPath: daemon.socketPath)
        let next = try again.result("present", ["kind": "text"])["window"]!
        #expect(next != first, "\(next) was handed out before")
        #expect(next.stringValue?.hasPrefix("w1-") == true)
    }

    /// The log alone deleted: what it held would be lost at the next start,
    /// the window acknowledged before as much as any after.
    @Test func aDeletedWriteAheadLogStopsTheDaemonToo() throws {
        let home = try TestDirectory()
        let daemon = try DaemonProcess(home: home)
        let client = try TestClient(socketPath: daemon.socketPath)
        _ = try client.result("present", ["kind": "text"])
        unlink(daemon.stateDirectory + "/state.db-wal")
        try expectStopsUnacknowledged(daemon, client, logging: "state.db-wal was deleted or replaced while pickerd ran")
    }

    @Test func memoryStateNeverRepeatsIdsAcrossStarts() throws {
        var seen: Set<JSON> = []
        for _ in 0..<3 {
            let daemon = try DaemonProcess(config: #"{"state": {"durability": "memory"}}"#, logLevel: "warning")
            let client = try TestClient(socketPath: daemon.socketPath)
            let window = try client.result("present", ["kind": "text"])["window"]!
            #expect(!seen.contains(window))
            seen.insert(window)
            daemon.stop()
        }
    }

    @Test func textWithNulBytesComesBackExactly() throws {
        let home = try TestDirectory()
        var daemon = try DaemonProcess(home: home)
        var client = try TestClient(socketPath: daemon.socketPath)
        let window = try client.result(
            "present", ["kind": "text", "tag": "t\u{0}hidden", "title": "a\u{0}b", "message": "m\u{0}"])["window"]!
        daemon.kill9()
        daemon = try DaemonProcess(home: home)
        client = try TestClient(socketPath: daemon.socketPath)
        let details = try client.result("get", ["window": window])
        #expect(details["tag"] == "t\u{0}hidden")
        #expect(details["title"] == "a\u{0}b")
        #expect(details["message"] == "m\u{0}")
    }
}
