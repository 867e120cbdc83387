import Foundation
import PickerJSON
import PickerProtocol
import PickerTestSupport
import Testing

/// What a plugin program writes: overlong lines end it without stalling the
/// daemon, its stdout is never echoed into logs or errors, its error sentences
/// are bounded and cleaned, and its stderr is logged bounded and prefixed.
/// (That values of secure windows are not sent to it: InProcessPluginTests.)
@Suite(.tags(.process)) struct PluginOutputTests {
    /// A Python plugin program that runs `body` for each `request`.
    static func python(eachRequest body: String) -> String {
        "#!/usr/bin/python3\nimport json, sys\nfor line in sys.stdin:\n    request = json.loads(line)\n"
            + body.split(separator: "\n").map { "    " + $0 }.joined(separator: "\n") + "\n"
    }

    /// A daemon with the Python plugin of `kind`, a client, and a window of that kind.
    static func window(of kind: String, eachRequest body: String) throws -> (DaemonProcess, TestClient, JSON) {
        let fixture = try PluginFixture()
        try fixture.addPlugin(kind, program: python(eachRequest: body))
        let daemon = try fixture.daemon()
        let client = try TestClient(socketPath: daemon.socketPath)
        return (daemon, client, try client.result("present", ["kind": .string(kind)])["window"]!)
    }

    /// Answers with the value upper-cased; `json.dumps` writes each `€` as six bytes.
    static let upper = python(
        eachRequest: #"print(json.dumps({"id": request["id"], "value": request["value"].upper()}), flush=True)"#)

    /// Calls `method` until the plugin's restart backoff has passed; the last result.
    static func afterBackoff(_ client: TestClient, _ method: String, _ params: JSON) throws -> Result<JSON, RPCError> {
        var result = try client.call(method, params)
        _ = try holdsWithin(15, every: 0.05) {
            guard case .failure(let error) = result, error.message.contains("is restarted in") else { return true }
            result = try client.call(method, params)
            return false
        }
        return result
    }

    @Test func anAnswerLongerThanOneMiBFailsItsCallWhileTheDaemonStaysResponsiveAndStops() throws {
        let fixture = try PluginFixture()
        try fixture.addPlugin("upper", program: Self.upper)
        try fixture.addPlugin(
            "endless",
            program: Self.python(eachRequest: "sys.stdout.write(\"x\" * (2 << 20))\nsys.stdout.flush()"))
        let daemon = try fixture.daemon(timeoutMilliseconds: 10_000)
        let client = try TestClient(socketPath: daemon.socketPath)
        let bystander = try TestClient(socketPath: daemon.socketPath)
        let window = try client.result("present", ["kind": "upper"])["window"]!
        let started = Date()
        let euros = String(repeating: "€", count: 330_000)
        let error = try #require(
            try client.call("update", ["window": window, "value": .string(euros)], timeout: 30).failure)
        print("330,000 €: answered in \(Int(Date().timeIntervalSince(started) * 1000)) ms")
        #expect(error == RPCError(.internalError, "the upper plugin wrote a line longer than 1 MiB; it is restarted"))
        #expect(try bystander.result("ping", timeout: 30) == "pong")
        // Restarted, it answers ordinary values again.
        #expect(
            try Self.afterBackoff(client, "update", ["window": window, "value": "ops-7"]).success?["window"] == window)
        #expect(try client.result("get", ["window": window])["value"] == "OPS-7")

        // 2 MiB without a newline.
        let endless = try client.result("present", ["kind": "endless"])["window"]!
        let noNewline = try #require(try client.call("update", ["window": endless, "value": "x"], timeout: 30).failure)
        #expect(noNewline.message == "the endless plugin wrote a line longer than 1 MiB; it is restarted")
        #expect(try bystander.result("ping", timeout: 30) == "pong")
        let stopping = Date()
        #expect(daemon.stop(timeout: 30) == 0, "SIGTERM stops the daemon")
        print("SIGTERM: stopped in \(Int(Date().timeIntervalSince(stopping) * 1000)) ms")
    }

    /// Holds values starting with `hold`, writes garbage quoting values starting
    /// with `garble`, answers `twice…` twice, and echoes the rest.
    static let mischief = python(
        eachRequest: """
            value = request["value"]
            answer = json.dumps({"id": request["id"], "value": value})
            if value.startswith("hold"):
                continue
            elif value.startswith("garble"):
                print("not an answer: " + value, flush=True)
            elif value.startswith("twice"):
                print(answer + "\\n" + answer, flush=True)
            else:
                print(answer, flush=True)
            """)

    @Test func aPluginsStdoutIsNeverEchoedIntoLogsOrAnotherCallersError() throws {
        let fixture = try PluginFixture()
        try fixture.addPlugin("mischief", program: Self.mischief)
        let daemon = try fixture.daemon()
        let owner = try TestClient(socketPath: daemon.socketPath)
        let other = try TestClient(socketPath: daemon.socketPath)
        let ownWindow = try owner.result("present", ["kind": "mischief"])["window"]!
        let otherWindow = try other.result("present", ["kind": "mischief"])["window"]!
        // The other caller's call waits at the plugin (the ping after it proves the daemon read it)…
        let waiting = other.start("update", ["window": otherWindow, "value": "hold"])
        #expect(try other.result("ping") == "pong")
        // …when the plugin writes garbage quoting the owner's value.
        let garbage = try owner.error("update", ["window": ownWindow, "value": "garble-s3cret-one"])
        let expected = "the mischief plugin wrote something that is not an answer; it is restarted"
        #expect(garbage.code == .internalError && garbage.message == expected)
        let otherError = try #require(try other.response(to: waiting).failure)
        #expect(otherError.code == .internalError && otherError.message == expected, "no data of another window")

        // A second answer to a call already answered.
        let twice = try Self.afterBackoff(owner, "update", ["window": ownWindow, "value": "twice-s3cret-two"])
        #expect(twice.success?["window"] == ownWindow, "the first answer counts")
        try eventually("the second answer to be noticed", timeout: 10) {
            daemon.log.contains("answered a call that is not waiting")
        }
        #expect(!daemon.log.contains("s3cret"), "\(daemon.log)")
    }

    @Test func aPluginsErrorSentenceIsBoundedAndCleanedForItsCallerOnly() throws {
        let (daemon, client, window) = try Self.window(
            of: "scold",
            eachRequest: """
                sentence = "bad\\u001b[31m value\\u0007\\nsecond line\\u009b" + "x" * 5000
                print(json.dumps({"id": request["id"], "error": sentence}), flush=True)
                """)
        let error = try client.error("update", ["window": window, "value": "x"])
        #expect(error.code == .invalidParams)
        #expect(error.message.hasPrefix("bad[31m value second line"), "\(error.message.prefix(60))")
        #expect(error.message.unicodeScalars.allSatisfy { $0.value >= 0x20 && !(0x7F...0x9F).contains($0.value) })
        #expect(error.message.count <= 301, "\(error.message.count) characters")
        #expect(!daemon.log.contains("second line"), "the sentence is its caller's, not the log's")
    }

    @Test func aPluginsStderrIsLoggedPrefixedCleanedAndBounded() throws {
        let (daemon, client, window) = try Self.window(
            of: "chatter",
            eachRequest: """
                sys.stderr.write("hello from stderr\\u001b[2J\\n")
                sys.stderr.write("y" * 100000 + "\\n")
                for n in range(20000):
                    sys.stderr.write("noise %d\\n" % n)
                sys.stderr.flush()
                print(json.dumps({"id": request["id"], "value": request["value"]}), flush=True)
                """)
        #expect(try client.result("submit", ["window": window, "value": "x"])["value"] == "x")
        let pid = try PluginFixture.pid(of: "chatter", in: daemon)
        let prefix = "plugin chatter (pid \(pid)): "
        try eventually("the flood to be noticed", timeout: 10) {
            daemon.log.contains("\(prefix)writes too much to stderr")
        }
        #expect(try client.result("ping") == "pong")
        let log = daemon.log
        #expect(log.contains("\(prefix)hello from stderr[2J"), "\(log.prefix(2000))")
        #expect(!log.contains("\u{1B}"))
        #expect(!log.contains(String(repeating: "y", count: 2000)), "a long line is cut")
        let logged = log.split(separator: "\n").filter { $0.contains(prefix) }
        print("stderr: \(logged.count) of 20,002 lines logged, \(log.utf8.count) bytes of log")
        #expect(logged.count < 500, "\(logged.count) lines logged")
        #expect(log.contains("writes too much to stderr"), "dropping is said")
    }

    // Values of secure windows, and a form's secure field, are not sent to
    // the plugin: InProcessPluginTests, with a stand-in program that records.
}
