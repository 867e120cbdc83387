import PickerJSON
import PickerProtocol
import Testing

@testable import PickerAskpass

/// The window a prompt becomes, without a daemon.
@Suite struct AskpassWindowTests {
    let asker = AskerChain(links: [.init(pid: 4130, command: "sudo"), .init(pid: 4121, command: "deploy.sh")])

    @Test func thePromptsFirstLineIsTheTitleAndTheRestFollowsWhoAsks() {
        let window = AskpassWindow(
            question: .confirm, prompt: "Allow use of key id_work?\nKey fingerprint SHA256:abc.", asker: asker)
        let present = window.presentation(limits: nil)
        #expect(present.title == "Allow use of key id_work?")
        #expect(
            present.message
                == "Asked by sudo (pid 4130) ← deploy.sh (pid 4121).\nKey fingerprint SHA256:abc.\nYes lets it go ahead; No refuses."
        )
        #expect(present.kind == "actions" && present.level == .named("alert") && present.tag == "askpass")
        #expect(present.onDisconnect == .dismiss)
    }

    @Test func theQuestionOfAPromptThatExplainsFirstIsTheTitle() {
        let prompt = """
            The authenticity of host 'h (10.0.0.1)' can't be established.
            ED25519 key fingerprint is SHA256:abc.
            Are you sure you want to continue connecting (yes/no/[fingerprint])?\u{20}
            """
        let present = AskpassWindow(question: .plainText, prompt: prompt, asker: asker).presentation(limits: nil)
        #expect(present.title == "Are you sure you want to continue connecting (yes/no/[fingerprint])?")
        #expect(
            present.message == """
                Asked by sudo (pid 4130) ← deploy.sh (pid 4121).
                The authenticity of host 'h (10.0.0.1)' can't be established.
                ED25519 key fingerprint is SHA256:abc.
                """)
    }

    @Test func anEmptyPromptStillSaysWhatIsAsked() {
        for prompt in ["", " \n \r\n"] {
            let present = AskpassWindow(question: .secret, prompt: prompt, asker: asker).presentation(limits: nil)
            #expect(present.title == "A program asks for a password")
            #expect(present.options[TextOption.secure] == true)
        }
        #expect(
            AskpassWindow(question: .plainText, prompt: "", asker: AskerChain(links: [])).presentation(limits: nil)
                .message
                == "Asked by an unknown process.")
    }

    @Test func aLongTitleIsCutBetweenCharactersAndShownWholeInTheMessage() {
        let prompt = String(repeating: "日", count: 100) + " password:"
        let present = AskpassWindow(question: .secret, prompt: prompt, asker: asker).presentation(limits: nil)
        let title = present.title ?? ""
        #expect(title.utf8.count <= AskpassWindow.longestTitle && title.hasSuffix("…"))
        #expect(title == String(repeating: "日", count: 79) + "…")
        #expect(present.message?.hasSuffix(prompt) == true)
    }
}
