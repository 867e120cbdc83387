import PickerAskpass
import Testing

@Suite struct AskpassQuestionTests {
    @Test(arguments: [
        "[sudo] password for alice: ", "Enter passphrase for /home/alice/.ssh/id_ed25519: ",
        "Bad passphrase, try again for /home/alice/.ssh/id_ed25519: ", "Password for 'https://alice@example.com': ",
        "Enter PIN for ECDSA-SK key /home/alice/.ssh/id_ecdsa_sk: ", "", "anything else",
    ])
    func passwordsAndUnknownPromptsAreSecrets(prompt: String) {
        #expect(AskpassQuestion(prompt: prompt, hint: nil) == .secret)
    }

    @Test(arguments: [
        "Username for 'https://example.com': ",
        "The authenticity of host 'h (10.0.0.1)' can't be established.\nAre you sure you want to continue connecting (yes/no/[fingerprint])? ",
    ])
    func usernamesAndYesNoQuestionsArePlain(prompt: String) {
        #expect(AskpassQuestion(prompt: prompt, hint: nil) == .plainText)
    }

    @Test func openSSHsHintComesFirst() {
        #expect(AskpassQuestion(prompt: "Allow use of key k?\nKey fingerprint SHA256:x.", hint: "confirm") == .confirm)
        #expect(AskpassQuestion(prompt: "Confirm user presence for key ECDSA-SK SHA256:x", hint: "none") == .notice)
        #expect(AskpassQuestion(prompt: "Enter passphrase: ", hint: "something new") == .secret)
        #expect(AskpassQuestion(prompt: "Username for 'https://h': ", hint: "") == .plainText)
    }
}
