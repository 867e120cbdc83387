import Foundation
import PickerJSON
import PickerTestSupport
import Testing

/// The real ssh-add, ssh-agent and ssh-keygen (Debian's openssh-client)
/// asking through pickerd-askpass, with SSH_ASKPASS_REQUIRE=force and no
/// terminal, answered through pickerd as a person would.
@Suite(.tags(.process, .externalProgram), .timeLimit(.minutes(3))) final class SshAskpassTests {
    let fixture: AskpassFixture
    let agent: CommandLineProcess
    let agentSocket: String

    init() throws {
        fixture = try AskpassFixture()
        agentSocket = fixture.path("agent.sock")
        // ssh-agent runs the askpass itself for a confirm key, so it needs the
        // askpass environment too. -D: in the foreground, ended with the test.
        agent = try CommandLineProcess(
            program: "/usr/bin/ssh-agent", ["-D", "-a", agentSocket], environment: fixture.environment)
        try eventually("ssh-agent to start: \(agent.stderrSoFar)") {
            FileManager.default.fileExists(atPath: agentSocket)
        }
    }

    // SIGKILL: the test's threads block SIGTERM, and the agent inherits that.
    deinit {
        agent.signal(SIGKILL)
        _ = agent.finish()
    }

    /// A new ed25519 key at `name` in the fixture's directory, with `passphrase` ("" for none).
    func key(_ name: String, passphrase: String) throws -> String {
        let path = fixture.path(name)
        let made = try CommandLineProcess(
            program: "/usr/bin/ssh-keygen", ["-q", "-t", "ed25519", "-N", passphrase, "-C", name, "-f", path]
        ).finish()
        guard made.status == 0 else { throw TestFailure("ssh-keygen failed: \(made.stderr)") }
        return path
    }

    func sshAdd(_ arguments: [String]) throws -> CommandLineProcess {
        try fixture.run("/usr/bin/ssh-add", arguments, environment: ["SSH_AUTH_SOCK": agentSocket])
    }

    /// What `ssh-add -l` lists.
    func keysInAgent() throws -> String {
        let listed = try CommandLineProcess(
            program: "/usr/bin/ssh-add", ["-l"], environment: ["SSH_AUTH_SOCK": agentSocket]
        ).finish()
        return listed.stdout + listed.stderr
    }

    @Test func thePassphraseGivenThroughPickerdAddsTheKey() throws {
        let passphrase = "correct horse \(UInt32.random(in: 0...UInt32.max))"
        let key = try key("id_passphrase", passphrase: passphrase)
        let adding = try sshAdd([key])
        let first = try fixture.person.nextWindow()
        let details = try fixture.person.details(first)
        #expect(details["title"]?.stringValue == "Enter passphrase for \(key):")
        #expect(details["kind"] == "text" && details["options"]?["secure"] == true && details["level_name"] == "alert")
        #expect(details["tag"] == "askpass")
        let message = details["message"]?.stringValue ?? ""
        #expect(
            message.hasPrefix("Asked by ssh-add (pid \(adding.pid))") || message.contains("ssh-add (pid "), "\(message)"
        )

        // A wrong one first: ssh-add says so and asks again.
        try fixture.person.submit("not the passphrase", to: first)
        let second = try fixture.person.nextWindow(after: [first])
        #expect(second["title"]?.stringValue == "Bad passphrase, try again for \(key):")
        try fixture.person.submit(passphrase, to: second)
        let added = adding.finish()
        #expect(added.status == 0, "\(added.stderr)")
        #expect(added.stderr.contains("Identity added"), "\(added.stderr)")
        #expect(try keysInAgent().contains("id_passphrase"))
        #expect(try fixture.person.leaks(of: [passphrase]).isEmpty)
        #expect(try fixture.person.leaks(of: ["not the passphrase"]).isEmpty)
    }

    @Test func aCancelAddsNothing() throws {
        let key = try key("id_cancelled", passphrase: "never typed")
        let adding = try sshAdd([key])
        try fixture.person.cancel(try fixture.person.nextWindow())
        let added = adding.finish()
        #expect(added.status != 0)
        #expect(!added.stderr.contains("Identity added"), "\(added.stderr)")
        #expect(!(try keysInAgent().contains("id_cancelled")))
        #expect(try fixture.person.noWindows())
    }

    /// An `ssh-add -c` key: ssh-agent asks, with SSH_ASKPASS_PROMPT=confirm,
    /// before each use (here ssh-keygen -Y sign through the agent).
    @Test(arguments: [true, false]) func aConfirmKeySignsOnlyOnYes(allowed: Bool) throws {
        let key = try key("id_confirm", passphrase: "")
        let added = try sshAdd(["-c", key]).finish()
        #expect(added.status == 0, "\(added.stderr)")
        let data = fixture.path("data")
        try "sign me".write(toFile: data, atomically: true, encoding: .utf8)
        // The public key alone, so ssh-keygen must sign through the agent.
        try FileManager.default.removeItem(atPath: key)
        let signing = try fixture.run(
            "/usr/bin/ssh-keygen", ["-Y", "sign", "-f", key + ".pub", "-n", "file", data],
            environment: ["SSH_AUTH_SOCK": agentSocket])
        let window = try fixture.person.nextWindow()
        let details = try fixture.person.details(window)
        #expect(details["kind"] == "actions" && details["level_name"] == "alert")
        // ssh-agent names the key by its comment (ssh-keygen -C), not its file.
        #expect(details["title"]?.stringValue == "Allow use of key id_confirm?", "\(details)")
        let message = details["message"]?.stringValue ?? ""
        #expect(
            message.contains("ssh-agent (pid \(agent.pid))") && message.contains("Key fingerprint SHA256:"),
            "\(message)")
        try fixture.person.choose(allowed ? "Yes" : "No", in: window)
        let signed = signing.finish()
        #expect((signed.status == 0) == allowed, "\(signed.stderr)")
        #expect(FileManager.default.fileExists(atPath: data + ".sig") == allowed)
    }
}
