import PickerJSON
import PickerProtocol
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
            #expect(reply.text == "await: window \"\(window)\" was not presented in this session: await takes only the ids present returned here")
            #expect(!reply.text.contains("reach pickerd"), "pickerd was not asked, so nothing tells whether the window exists")
        }
    }

    @Test func aRefusedIDIsCutShortInTheSentence() async {
        let reply = await Asker(socketPath: Self.noDaemon).call(.await, ["window": .string(String(repeating: "w", count: 10_000))])
        #expect(reply.isError && reply.text.count < 200)
    }

    @Test func noQuestionTheToolsBuildAsksForASecret() throws {
        #expect(try !Question(tool: .askText, arguments: ["title": "Name?"]).asksForASecret)
        let form = try Question(tool: .askForm, arguments: ["schema": ["properties": ["user": ["type": "string"], "pin": ["type": "integer"]]]])
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
            "fields": [["name": "user", "kind": "text"], ["name": "pass", "kind": "text", "options": ["secure": true]]]
        ]
        #expect(form.asksForASecret, "a form's secure field")
    }
}
