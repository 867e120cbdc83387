import Foundation
import PickerJSON
import PickerTestSupport
import Testing

/// The real systemd-ask-password against a real pickerd through the real
/// `pickerctl ask-password-agent`, in a mount namespace of their own.
@Suite(.tags(.process), .timeLimit(.minutes(2))) struct SystemdAskPasswordTests {
    let fixture: AgentFixture
    let namespace: AskPasswordNamespace

    init() throws {
        fixture = try AgentFixture()
        namespace = try AskPasswordNamespace()
    }

    @Test func aSubmittedPasswordIsWhatSystemdAskPasswordPrints() throws {
        let agent = try namespace.agent(fixture.daemon)
        defer { agent.signal(SIGTERM) }
        let asker = try namespace.ask([
            "--id", "cryptsetup:/dev/sda5", "--icon", "drive-harddisk", "Passphrase for disk root:",
        ])
        let window = try fixture.windows(count: 1)[0]
        let details = try fixture.details(window)
        #expect(details["title"] == "Passphrase for disk root:")
        #expect(details["level_name"] == "alert")
        #expect(details["kind"] == "text")
        #expect(details["options"]?["secure"] == true)
        let message = details["message"]?.stringValue ?? ""
        #expect(message.contains("cryptsetup:/dev/sda5") && message.contains("drive-harddisk"), "\(message)")
        #expect(message.contains("process \(asker.pid)"), "\(message)")
        #expect(details["tag"]?.stringValue?.hasPrefix("ask-password:ask.") == true)

        try fixture.submit("s3cret with spaces ", to: window)
        let asked = asker.finish()
        #expect(asked.status == 0, "\(asked.stderr)")
        #expect(asked.stdout == "s3cret with spaces \n")
        #expect(try fixture.windows(count: 0).isEmpty)
    }

    @Test func aCancelledWindowFailsTheRequest() throws {
        let agent = try namespace.agent(fixture.daemon)
        defer { agent.signal(SIGTERM) }
        let asker = try namespace.ask(["Passphrase:"])
        _ = try fixture.windows(count: 1)
        #expect(try fixture.pickerctl(["cancel"]).status == 0)
        let asked = asker.finish()
        #expect(asked.status != 0)
        #expect(asked.stdout.isEmpty)
        #expect(asked.stderr.contains("cancel"), "\(asked.stderr)")
    }

    @Test func aDismissedWindowFailsTheRequestToo() throws {
        let agent = try namespace.agent(fixture.daemon)
        defer { agent.signal(SIGTERM) }
        let asker = try namespace.ask(["Passphrase:"])
        let window = try fixture.windows(count: 1)[0]
        #expect(try fixture.pickerctl(["dismiss", window["window"]?.stringValue ?? ""]).status == 0)
        let asked = asker.finish()
        #expect(asked.status != 0 && asked.stdout.isEmpty, "\(asked.stderr)")
    }

    @Test(arguments: [SIGKILL, SIGTERM]) func anAskerThatDiesTakesItsWindowAlong(signal: Int32) throws {
        let agent = try namespace.agent(fixture.daemon)
        defer { agent.signal(SIGTERM) }
        let asker = try namespace.ask(["Passphrase:"])
        _ = try fixture.windows(count: 1)
        asker.signal(signal)
        _ = asker.finish()
        // SIGTERM: the asker removes its file. SIGKILL: the file stays, and
        // the agent sees the process gone (kill(PID, 0) is ESRCH).
        #expect(try fixture.windows(count: 0).isEmpty)
        #expect(namespace.requests().count == (signal == SIGKILL ? 1 : 0))
        let why = signal == SIGKILL ? "the asking process is gone" : "the request went away"
        try eventually("the agent to say '\(why)': \(agent.stderrSoFar)") { agent.stderrSoFar.contains(why) }
    }

    @Test func theWindowEndsWhenTheRequestTimesOut() throws {
        let agent = try namespace.agent(fixture.daemon)
        defer { agent.signal(SIGTERM) }
        let asker = try namespace.ask(["--timeout", "2", "Passphrase:"])
        let window = try fixture.windows(count: 1)[0]
        let shown = Date()
        #expect(window["deadline"]?.stringValue != nil, "NotAfter= becomes the window's timeout")
        _ = try fixture.windows(count: 0)
        let lasted = Date().timeIntervalSince(shown)
        #expect(lasted > 1 && lasted < 6, "the window lasted \(lasted) s")
        let asked = asker.finish()
        #expect(
            asked.status != 0 && asked.stderr.contains("Timer expired"),
            "the asker timed out, rather than being refused: \(asked.stderr)")
    }

    @Test func twoRequestsAtOnceGetTwoWindowsAndEachItsAnswer() throws {
        let agent = try namespace.agent(fixture.daemon)
        defer { agent.signal(SIGTERM) }
        let first = try namespace.ask(["First disk:"])
        let second = try namespace.ask(["Second disk:"])
        let windows = try fixture.windows(count: 2)
        for window in windows {
            try fixture.submit(window["title"] == "First disk:" ? "one" : "two", to: window)
        }
        #expect(first.finish().stdout == "one\n")
        #expect(second.finish().stdout == "two\n")
    }

    @Test func anAgentStartedLaterTakesUpAPendingRequest() throws {
        let asker = try namespace.ask(["Waiting for an agent:"])
        try eventually("the request to be written") { namespace.requests().count == 1 }
        #expect(try fixture.windows().isEmpty)
        let agent = try namespace.agent(fixture.daemon)
        defer { agent.signal(SIGTERM) }
        let window = try fixture.windows(count: 1)[0]
        try fixture.submit("late", to: window)
        #expect(asker.finish().stdout == "late\n")
    }

    @Test func aRestartedAgentTakesUpItsWindowRatherThanAskingAgain() throws {
        let first = try namespace.agent(fixture.daemon)
        let asker = try namespace.ask(["Across a restart:"])
        let window = try fixture.windows(count: 1)[0]
        first.signal(SIGKILL)
        _ = first.finish()
        let second = try namespace.agent(fixture.daemon)
        defer { second.signal(SIGTERM) }
        try eventually("the second agent to take up the window: \(second.stderrSoFar)") {
            second.stderrSoFar.contains("taking up window \(window["window"]?.stringValue ?? "")")
        }
        #expect(try fixture.windows().map { $0["window"] } == [window["window"]])
        try fixture.submit("still here", to: window)
        #expect(asker.finish().stdout == "still here\n")
    }

    @Test func theSecretReachesNoLog() throws {
        let secret = "Tr0ub4dor&3-\(UInt32.random(in: 0...UInt32.max))"
        let agent = try namespace.agent(fixture.daemon)
        let asker = try namespace.ask(["Passphrase:"])
        try fixture.submit(secret, to: try fixture.windows(count: 1)[0])
        #expect(asker.finish().stdout == secret + "\n")
        agent.signal(SIGTERM)
        let agentOutput = agent.finish()
        #expect(agentOutput.stderr.contains("answered in window"), "\(agentOutput.stderr)")
        #expect(!agentOutput.stderr.contains(secret) && !agentOutput.stdout.contains(secret))
        #expect(!fixture.daemon.log.contains(secret))
        let history = try fixture.pickerctl(["history", "--json"])
        #expect(!history.stdout.contains(secret))
    }

    @Test func anEchoedRequestIsNotSecure() throws {
        let agent = try namespace.agent(fixture.daemon)
        defer { agent.signal(SIGTERM) }
        let asker = try namespace.ask(["--echo=yes", "User name:"])
        let window = try fixture.windows(count: 1)[0]
        #expect(try fixture.details(window)["options"]?["secure"] == false)
        try fixture.submit("alice", to: window)
        #expect(asker.finish().stdout == "alice\n")
    }

    @Test func queryServesThePendingRequestsAndExits() throws {
        let asker = try namespace.ask(["Pending:"])
        try eventually("the request to be written") { namespace.requests().count == 1 }
        let agent = try namespace.agent(fixture.daemon, ["--query"])
        let window = try fixture.windows(count: 1)[0]
        try fixture.submit("queried", to: window)
        #expect(asker.finish().stdout == "queried\n")
        let ran = agent.finish(timeout: 15)
        #expect(ran.status == 0, "\(ran.stderr)")
    }

    @Test func queryWithNothingPendingExitsAtOnce() throws {
        let ran = try namespace.agent(fixture.daemon, ["--query"]).finish(timeout: 15)
        #expect(ran.status == 0 && ran.stderr.isEmpty, "\(ran.stderr)")
    }
}
