import Foundation
import PickerJSON
import PickerTestSupport
import Testing

/// The real sudo (`sudo -A -k true`) asking through pickerd-askpass for the
/// password of a user the test makes, with no terminal. Needs root (useradd,
/// a sudoers drop-in); CI runs as root.
@Suite(
    .tags(.process, .externalProgram),
    .enabled(
        if: getuid() == 0,
        "the sudo tests need root, to add a user (useradd) and a sudoers drop-in; run them as root, as CI does"),
    .timeLimit(.minutes(3)), .serialized
) final class SudoAskpassTests {
    let user: TestUser
    let fixture: AskpassFixture

    init() throws {
        user = try TestUser()
        // The test user's askpass presents on root's pickerd: it may present,
        // and above statusBar (`alert`), without which its window would be clamped.
        fixture = try AskpassFixture(
            config:
                #"{"socket": {"mode": "0666"}, "permissions": {"rules": [{"uid": \#(user.uid), "allow": ["present", "alert"]}]}}"#,
            sharedSocket: true)
    }

    func sudo() throws -> CommandLineProcess {
        try fixture.run("/usr/bin/sudo", ["-A", "-k", "true"], environment: ["HOME": "/"], as: user.runAs)
    }

    @Test func theRightPasswordRunsIt() throws {
        let sudo = try sudo()
        let window = try fixture.person.nextWindow()
        let details = try fixture.person.details(window)
        #expect(details["title"]?.stringValue == "[sudo] password for \(user.name):")
        #expect(details["kind"] == "text" && details["options"]?["secure"] == true && details["level_name"] == "alert")
        #expect(details["owner"]?["uid"]?.integerValue == Int64(user.uid))
        #expect((details["message"]?.stringValue ?? "").hasPrefix("Asked by sudo (pid "), "\(details)")
        try fixture.person.submit(user.password, to: window)
        let ran = sudo.finish(timeout: 60)
        #expect(ran.status == 0, "\(ran.stderr)")
        #expect(try fixture.person.leaks(of: [user.password]).isEmpty)
    }

    @Test func aWrongPasswordIsRefusedAndAskedAgain() throws {
        let sudo = try sudo()
        let first = try fixture.person.nextWindow()
        try fixture.person.submit("wrong-\(user.password)", to: first)
        // pam_unix waits about two seconds after a failure before sudo asks again.
        let second = try fixture.person.nextWindow(after: [first])
        #expect(second["title"]?.stringValue == "[sudo] password for \(user.name):")
        try fixture.person.submit(user.password, to: second)
        let ran = sudo.finish(timeout: 60)
        #expect(ran.status == 0, "\(ran.stderr)")
        #expect(ran.stderr.contains("Sorry, try again."), "\(ran.stderr)")
        #expect(try fixture.person.leaks(of: ["wrong-\(user.password)"]).isEmpty)
    }

    @Test func aCancelFails() throws {
        let sudo = try sudo()
        try fixture.person.cancel(try fixture.person.nextWindow())
        let ran = sudo.finish(timeout: 60)
        #expect(ran.status != 0, "\(ran.stderr)")
        #expect(try fixture.person.noWindows())
    }
}
