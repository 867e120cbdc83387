import Foundation
import PickerJSON
import PickerTestSupport
import Testing

/// The real polkitd and pkexec (Debian's) on a private system bus: first the
/// reference agent, pkttyagent, on a terminal; then `pickerctl polkit-agent
/// --process` answered through pickerd. Needs root (useradd, a mount
/// namespace, polkitd); CI runs as root.
@Suite(
    .tags(.process, .externalProgram),
    PolkitFixture.runsHere,
    .timeLimit(.minutes(3)), .serialized
) final class PolkitAgentTests {
    let fixture: PolkitFixture

    init() throws {
        fixture = try PolkitFixture()
    }

    /// The harness itself: pkttyagent --process, on a terminal script(1)
    /// makes, authenticates pkexec with the administrator's password.
    @Test func pkttyagentAuthenticatesThroughATerminal() throws {
        let (pkexec, shell) = try fixture.asker()
        let terminal = try CommandLineProcess(
            program: fixture.system.inside[0],
            Array(fixture.system.inside.dropFirst()) + fixture.person.runAs
                + ["/usr/bin/script", "-qfec", "pkttyagent --process \(shell)", "/dev/null"], input: true)
        defer {
            terminal.signal(SIGTERM)
            _ = terminal.finish()
        }
        try eventually("polkitd to register pkttyagent: \(fixture.system.polkitdLog)", timeout: 60) {
            fixture.system.polkitdLog.contains("Registered Authentication Agent for unix-process:\(shell):")
        }
        try pkexec.write(input: "go\n")
        try eventually("pkttyagent to ask: \(terminal.stdoutSoFar)", timeout: 60) {
            terminal.stdoutSoFar.contains("Password:")
        }
        try terminal.write(input: fixture.admin.password + "\n", close: false)
        let ran = pkexec.finish(timeout: 60)
        #expect(ran.status == 0, "\(ran.stderr) \(terminal.stdoutSoFar)")
        #expect(terminal.stdoutSoFar.contains("AUTHENTICATING FOR org.freedesktop.policykit.exec"))
    }

    @Test func theRightPasswordRunsIt() throws {
        let (pkexec, shell) = try fixture.asker()
        let agent = try fixture.agent(for: shell)
        defer { stop(agent) }
        try pkexec.write(input: "go\n")
        let window = try fixture.passwordWindow(for: fixture.admin)
        #expect(window["title"]?.stringValue == "Authentication is needed to run `/bin/true' as the super user")
        #expect(window["kind"] == "text" && window["options"]?["secure"] == true && window["level_name"] == "alert")
        #expect(window["tag"] == "polkit")
        #expect(window["owner"]?["uid"]?.integerValue == Int64(fixture.person.uid), "the agent runs as the person")
        let message = window["message"]?.stringValue ?? ""
        #expect(message.contains("Action: org.freedesktop.policykit.exec."), "\(message)")
        #expect(message.contains("Asked by pkexec (pid "), "\(message)")
        #expect(message.contains("← sh (pid \(shell))"), "\(message)")
        #expect(message.contains("Authenticating as \(fixture.admin.name)"), "\(message)")
        #expect(message.contains("It asks: Password:"), "\(message)")
        try fixture.answerer.submit(fixture.admin.password, to: window)
        let ran = pkexec.finish(timeout: 60)
        #expect(ran.status == 0, "\(ran.stderr)\n\(agent.stderrSoFar)")
        #expect(try fixture.answerer.noWindows())
        #expect(try fixture.answerer.leaks(of: [fixture.admin.password]).isEmpty)
        #expect(!agent.stderrSoFar.contains(fixture.admin.password))
        #expect(fixture.system.polkitdLog.contains("successfully authenticated as unix-user:\(fixture.admin.name)"))
    }

    @Test func aWrongPasswordSaysSoAndAsksAgain() throws {
        let (pkexec, shell) = try fixture.asker()
        let agent = try fixture.agent(for: shell)
        defer { stop(agent) }
        try pkexec.write(input: "go\n")
        let wrong = "wrong-\(fixture.admin.password)"
        let first = try fixture.passwordWindow(for: fixture.admin)
        try fixture.answerer.submit(wrong, to: first)
        // pam_unix waits about two seconds after a failure.
        let second = try fixture.nextWindow(after: [first])
        #expect(second["kind"] == "text" && second["options"]?["secure"] == true)
        #expect(
            (second["message"]?.stringValue ?? "").hasPrefix("That did not authenticate you; try again."),
            "\(second)")
        try fixture.answerer.submit(fixture.admin.password, to: second)
        let ran = pkexec.finish(timeout: 60)
        #expect(ran.status == 0, "\(ran.stderr)\n\(agent.stderrSoFar)")
        #expect(try fixture.answerer.leaks(of: [wrong, fixture.admin.password]).isEmpty)
        #expect(!agent.stderrSoFar.contains(wrong))
    }

    @Test func aCancelDismissesTheRequest() throws {
        let (pkexec, shell) = try fixture.asker()
        let agent = try fixture.agent(for: shell)
        defer { stop(agent) }
        try pkexec.write(input: "go\n")
        try fixture.answerer.cancel(try fixture.passwordWindow(for: fixture.admin))
        let ran = pkexec.finish(timeout: 60)
        // pkexec(1): 126 when the person dismissed the authentication dialog.
        #expect(ran.status == 126, "\(ran.stderr)\n\(agent.stderrSoFar)")
        #expect(ran.stderr.contains("Request dismissed"), "\(ran.stderr)")
        #expect(try fixture.answerer.noWindows())
    }

    @Test func polkitsCancelEndsTheWindow() throws {
        let (pkexec, shell) = try fixture.asker()
        let agent = try fixture.agent(for: shell)
        defer { stop(agent) }
        try pkexec.write(input: "go\n")
        _ = try fixture.passwordWindow(for: fixture.admin)
        // pkexec gone, polkitd cancels the authentication (CancelAuthentication).
        let children = try String(contentsOfFile: "/proc/\(shell)/task/\(shell)/children", encoding: .utf8)
        for child in children.split(separator: " ").compactMap({ Int32($0) }) { kill(child, SIGKILL) }
        _ = pkexec.finish(timeout: 60)
        #expect(try fixture.answerer.noWindows())
        try eventually("the agent to hear polkit cancel: \(agent.stderrSoFar)", timeout: 60) {
            agent.stderrSoFar.contains("polkit cancelled the request")
        }
    }

    /// Two administrators: polkit offers both, and the person chooses whom to
    /// authenticate as before the password is asked.
    @Test func theChosenAdministratorIsAskedFor() throws {
        let other = try PolkitFixture.administrator()
        let (pkexec, shell) = try fixture.asker()
        let agent = try fixture.agent(for: shell)
        defer { stop(agent) }
        try pkexec.write(input: "go\n")
        let choice = try fixture.nextWindow()
        #expect(choice["kind"] == "actions" && choice["level_name"] == "alert" && choice["tag"] == "polkit")
        let labels = (choice["options"]?["actions"]?.arrayValue ?? []).compactMap { $0["label"]?.stringValue }
        #expect(labels.contains(fixture.admin.name) && labels.contains(other.name), "\(labels)")
        #expect(labels.last == "Cancel")
        try fixture.answerer.choose(other.name, in: choice)
        let window = try fixture.nextWindow(after: [choice])
        #expect(window["kind"] == "text" && window["options"]?["secure"] == true)
        #expect((window["message"]?.stringValue ?? "").contains("Authenticating as \(other.name)"), "\(window)")
        try fixture.answerer.submit(other.password, to: window)
        let ran = pkexec.finish(timeout: 60)
        #expect(ran.status == 0, "\(ran.stderr)\n\(agent.stderrSoFar)")
        #expect(fixture.system.polkitdLog.contains("successfully authenticated as unix-user:\(other.name)"))
        #expect(try fixture.answerer.leaks(of: [other.password]).isEmpty)
    }

    /// Two requests at once from one process, and pickerd lets the person
    /// hold one window: the second request's window is refused, and that
    /// request is cancelled at once (pkexec's "Request dismissed", its 126)
    /// rather than queued in the agent; the first, cancelled in its window,
    /// ends alike.
    @Test func aFloodIsBoundedByTheDaemonsPerUserLimit() throws {
        let fixture = try PolkitFixture(limits: #""max_windows_per_user": 1"#)
        let (pkexec, shell) = try fixture.asker("pkexec /bin/true & pkexec /bin/true & wait")
        let agent = try fixture.agent(for: shell)
        defer { stop(agent) }
        try pkexec.write(input: "go\n")
        try eventually("the agent to be refused a window: \(agent.stderrSoFar)", timeout: 60) {
            agent.stderrSoFar.contains("pickerd refused its window")
        }
        // The first request's window (the identity choice, when the suite's
        // own administrator makes two) is cancelled too.
        try fixture.answerer.cancel(try fixture.nextWindow())
        try eventually("both pkexecs to be dismissed: \(pkexec.stderrSoFar)", timeout: 60) {
            pkexec.stderrSoFar.components(separatedBy: "Request dismissed").count == 3
        }
        _ = pkexec.finish(timeout: 1)
        #expect(try fixture.answerer.noWindows())
    }

    private func stop(_ agent: CommandLineProcess) {
        agent.signal(SIGTERM)
        _ = agent.finish()
    }
}
