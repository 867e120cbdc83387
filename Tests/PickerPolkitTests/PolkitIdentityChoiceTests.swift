import Foundation
import PickerJSON
import PickerTestSupport
import Testing

/// Two administrators: polkit offers both, and the person chooses whom to
/// authenticate as before the password is asked.
@Suite(
    .tags(.process, .externalProgram),
    PolkitFixture.runsHere,
    .timeLimit(.minutes(3)), .serialized
) final class PolkitIdentityChoiceTests {
    let fixture: PolkitFixture

    init() throws {
        fixture = try PolkitFixture(admins: 2)
    }

    @Test func theChosenAdministratorIsAskedFor() throws {
        let (pkexec, shell) = try fixture.asker()
        let agent = try fixture.agent(for: shell)
        defer {
            agent.signal(SIGTERM)
            _ = agent.finish()
        }
        try pkexec.write(input: "go\n")
        let choice = try fixture.nextWindow()
        #expect(choice["kind"] == "actions" && choice["level_name"] == "alert" && choice["tag"] == "polkit")
        let labels = (choice["options"]?["actions"]?.arrayValue ?? []).compactMap { $0["label"]?.stringValue }
        let other = fixture.extraAdmins[0]
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
}
