import Foundation
import PickerJSON
import PickerTestSupport
import Testing

/// The real git asking through GIT_ASKPASS=pickerd-askpass: `git credential
/// fill` for a host no helper knows asks the username, then the password.
@Suite(.tags(.process, .externalProgram), .timeLimit(.minutes(2))) struct GitAskpassTests {
    @Test func aUsernameWindowThenASecurePasswordWindow() throws {
        let fixture = try AskpassFixture()
        let secret = "git-secret-\(UInt32.random(in: 0...UInt32.max))"
        // No config of the machine's or the user's: no credential helper answers first.
        let git = try fixture.run(
            "/usr/bin/git", ["credential", "fill"],
            environment: [
                "HOME": fixture.directory.url.path, "GIT_CONFIG_NOSYSTEM": "1",
                "XDG_CONFIG_HOME": fixture.directory.url.path,
            ],
            input: true)
        try git.write(input: "protocol=https\nhost=example.com\n\n")

        let username = try fixture.person.nextWindow()
        let asked = try fixture.person.details(username)
        #expect(asked["title"]?.stringValue == "Username for 'https://example.com':")
        #expect(asked["kind"] == "text" && asked["options"]?["secure"] == false)
        #expect(
            (asked["message"]?.stringValue ?? "").hasPrefix("Asked by git (pid \(git.pid))")
                || (asked["message"]?.stringValue ?? "").contains("git (pid"))
        try fixture.person.submit("alice", to: username)

        let password = try fixture.person.nextWindow(after: [username])
        let secure = try fixture.person.details(password)
        #expect(secure["title"]?.stringValue == "Password for 'https://alice@example.com':")
        #expect(secure["options"]?["secure"] == true && secure["level_name"] == "alert")
        try fixture.person.submit(secret, to: password)

        let filled = git.finish()
        #expect(filled.status == 0, "\(filled.stderr)")
        #expect(filled.stdout == "protocol=https\nhost=example.com\nusername=alice\npassword=\(secret)\n")
        #expect(try fixture.person.leaks(of: [secret]).isEmpty)
        #expect(fixture.person.events.contains("alice"), "the username is no secret: its events say it")
    }
}
