import Foundation
import PickerJSON
import PickerTestSupport
import Testing

/// The real ssh logging in to a real sshd (Debian's openssh-server, on a
/// port of its own) as a user the test makes, with SSH_ASKPASS_REQUIRE=force
/// and no terminal: ssh asks about the unknown host key, then the password.
/// Needs root (useradd, sshd).
@Suite(
    .tags(.process, .externalProgram),
    .enabled(
        if: getuid() == 0,
        "the ssh login test needs root, to add a user (useradd) and run sshd; run it as root, as CI does"),
    .timeLimit(.minutes(3))
) final class SshLoginAskpassTests {
    let user: TestUser
    let fixture: AskpassFixture
    let sshd: SSHServer

    init() throws {
        user = try TestUser()
        fixture = try AskpassFixture()
        sshd = try SSHServer(
            folder: fixture.path("sshd"),
            config: """
                UsePAM yes
                PasswordAuthentication yes
                KbdInteractiveAuthentication no
                PubkeyAuthentication no
                AllowUsers \(user.name)
                """)
    }

    @Test func theHostKeyQuestionIsPlainAndThePasswordSecure() throws {
        let ssh = try fixture.run(
            "/usr/bin/ssh",
            [
                "-F", "/dev/null", "-p", "\(sshd.port)", "-o", "UserKnownHostsFile=\(fixture.path("known_hosts"))",
                "-o", "GlobalKnownHostsFile=/dev/null", "-o", "StrictHostKeyChecking=ask", "-o",
                "PreferredAuthentications=password",
                "\(user.name)@127.0.0.1", "echo", "logged-in",
            ])
        let question = try fixture.person.nextWindow()
        let asked = try fixture.person.details(question)
        #expect(asked["title"]?.stringValue == "Are you sure you want to continue connecting (yes/no/[fingerprint])?")
        #expect(asked["kind"] == "text" && asked["options"]?["secure"] == false)
        let message = asked["message"]?.stringValue ?? ""
        #expect(message.contains("ssh (pid \(ssh.pid))") || message.contains("ssh (pid "), "\(message)")
        #expect(
            message.contains("can't be established") && message.contains("key fingerprint is SHA256:"), "\(message)")
        try fixture.person.submit("yes", to: question)

        let password = try fixture.person.nextWindow(after: [question])
        let secure = try fixture.person.details(password)
        #expect(secure["title"]?.stringValue == "\(user.name)@127.0.0.1's password:")
        #expect(secure["options"]?["secure"] == true && secure["level_name"] == "alert")
        try fixture.person.submit(user.password, to: password)
        let ran = ssh.finish(timeout: 60)
        #expect(ran.status == 0, "\(ran.stderr)")
        #expect(ran.stdout == "logged-in\n")
        #expect(try fixture.person.leaks(of: [user.password]).isEmpty)
    }
}
