import PickerJSON
import PickerProtocol
import PickerTestSupport
import Testing

@testable import PickerMCP

/// What an agent can reach: the windows its session presented, never a secret.
/// (Through the official client against a real pickerd: Tests/MCP.)
@Suite struct SessionReachTests {
    /// No pickerd answers here: a tool that got as far as asking would say it cannot reach one.
    static let noDaemon = "/nonexistent/pickermcp-tests/pickerd.sock"

    @Test func awaitRefusesAWindowTheSessionDidNotPresentWithoutAskingPickerd() async {
        let asker = Asker(socketPath: Self.noDaemon)
        for window in ["w7-eqz2h", "w1", "w12-k3f9q7x2m4p8hd0e"] {
            let reply = await asker.call(.await, ["window": .string(window)])
            #expect(reply.isError)
            #expect(
                reply.text
                    == "await: window \"\(window)\" was not presented in this session: await takes only the ids present returned here"
            )
            #expect(
                !reply.text.contains("reach pickerd"),
                "pickerd was not asked, so nothing tells whether the window exists")
        }
    }

    @Test func aRefusedIDIsCutShortInTheSentence() async {
        let reply = await Asker(socketPath: Self.noDaemon).call(
            .await, ["window": .string(String(repeating: "w", count: 10_000))])
        #expect(reply.isError && reply.text.count < 200)
    }

    /// A long session forgets its oldest questions: it does not grow without
    /// end, and a window forgotten is refused as any other it did not present.
    @Test(.tags(.process)) func aSessionRemembersItsLastQuestionsOnly() async throws {
        // No idle timeout: under a sanitizer the cooperative pool's two threads
        // can be held by other suites' synchronous tests for minutes, and the
        // asker's connection must not be closed meanwhile (seen under TSan).
        let daemon = try DaemonProcess(config: #"{"limits": {"idle_timeout_ms": 0}}"#)
        let asker = Asker(socketPath: daemon.socketPath, remembering: 2)
        var windows: [String] = []
        for title in ["One", "Two", "Three"] {
            let reply = await asker.call(.present, ["tool": "ask_text", "arguments": ["title": .string(title)]])
            windows.append(try #require(reply.structured?["window"]?.stringValue, "\(reply.text)"))
        }
        let forgotten = await asker.call(.await, ["window": .string(windows[0]), "timeout_s": 1])
        #expect(forgotten.isError && forgotten.text == "await: \(Asker.notPresentedHere(WindowID(windows[0])))")
        for window in windows.dropFirst() {
            let kept = await asker.call(.await, ["window": .string(window), "timeout_s": 1])
            #expect(kept.isError && kept.text.contains("still waiting"), "\(kept.text)")
        }
    }

    @Test func noQuestionTheToolsBuildAsksForASecret() throws {
        #expect(try !Question(tool: .askText, arguments: ["title": "Name?"]).asksForASecret)
        let form = try Question(
            tool: .askForm,
            arguments: ["schema": ["properties": ["user": ["type": "string"], "pin": ["type": "integer"]]]])
        #expect(!form.asksForASecret)
    }

    @Test func aWindowThatWouldAskForASecretIsRecognizedHoweverItIsBuilt() throws {
        var text = try Question(tool: .askText, arguments: [:])
        text.presentation.options = ["secure": true]
        #expect(text.asksForASecret)
        text.presentation.options = ["secure": "yes"]
        #expect(text.asksForASecret, "anything but false is refused")
        text.presentation.options = ["secure": false]
        #expect(!text.asksForASecret)

        var form = try Question(tool: .askForm, arguments: ["schema": ["properties": ["user": ["type": "string"]]]])
        form.presentation.options = [
            "fields": [
                ["name": "user", "kind": "text"], ["name": "pass", "kind": "text", "options": ["secure": true]],
            ]
        ]
        #expect(form.asksForASecret, "a form's secure field")
        form.presentation.options = [
            "fields": [
                [
                    "name": "inner", "kind": "form",
                    "options": ["fields": [["name": "pass", "kind": "text", "options": ["secure": true]]]],
                ]
            ]
        ]
        #expect(form.asksForASecret, "a nested form's secure field")
        form.presentation.options = ["fields": [["name": "pin", "kind": "my-pin"]]]
        #expect(form.asksForASecret, "a field of a preset kind may be a secure text")
        form.presentation.options = [
            "fields": [["name": "pass", "kind": "text", "base": "date", "options": ["secure": true]]]
        ]
        #expect(form.asksForASecret, "pickerd replaces a given base: the field is a secure text")
        form.presentation.options = [
            "fields": [
                ["name": "when", "kind": "date"], ["name": "size", "kind": "list", "options": ["choices": ["s"]]],
            ]
        ]
        #expect(!form.asksForASecret)
    }
}
