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
    let port: UInt16
    let sshdPidFile: String

    init() throws {
        user = try TestUser()
        fixture = try AskpassFixture()
        let hostKey = fixture.path("host_key")
        let made = try CommandLineProcess(
            program: "/usr/bin/ssh-keygen", ["-q", "-t", "ed25519", "-N", "", "-f", hostKey]
        ).finish()
        guard made.status == 0 else { throw TestFailure("ssh-keygen failed: \(made.stderr)") }
        // sshd refuses to start without its privilege separation directory.
        try FileManager.default.createDirectory(atPath: "/run/sshd", withIntermediateDirectories: true)
        port = try Self.freePort()
        let config = fixture.path("sshd_config")
        sshdPidFile = fixture.path("sshd.pid")
        try """
        ListenAddress 127.0.0.1:\(port)
        HostKey \(hostKey)
        PidFile \(sshdPidFile)
        UsePAM yes
        PasswordAuthentication yes
        KbdInteractiveAuthentication no
        PubkeyAuthentication no
        AllowUsers \(user.name)
        """.write(toFile: config, atomically: true, encoding: .utf8)
        // Detached (no -D): run as the test's child, sshd's SIGCHLDs made
        // Foundation's Process wait on it for good, and no other child's end
        // was seen again. Its pid file is written once it listens.
        let started = try CommandLineProcess(program: "/usr/sbin/sshd", ["-f", config]).finish()
        guard started.status == 0 else { throw TestFailure("sshd did not start: \(started.stderr)") }
        let pidFile = sshdPidFile
        try eventually("sshd to write its pid file") { FileManager.default.fileExists(atPath: pidFile) }
    }

    deinit {
        if let text = try? String(contentsOfFile: sshdPidFile, encoding: .utf8),
            let pid = Int32(text.trimmingCharacters(in: .whitespacesAndNewlines))
        {
            kill(pid, SIGKILL)
        }
    }

    /// A TCP port on 127.0.0.1 that nothing listens on now.
    static func freePort() throws -> UInt16 {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(descriptor) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, length) == 0 && getsockname(descriptor, $0, &length) == 0
            }
        }
        guard bound else { throw TestFailure("no free port: \(String(cString: strerror(errno)))") }
        return UInt16(bigEndian: address.sin_port)
    }

    @Test func theHostKeyQuestionIsPlainAndThePasswordSecure() throws {
        let ssh = try fixture.run(
            "/usr/bin/ssh",
            [
                "-F", "/dev/null", "-p", "\(port)", "-o", "UserKnownHostsFile=\(fixture.path("known_hosts"))",
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
