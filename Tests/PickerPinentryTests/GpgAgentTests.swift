import Foundation
import PickerJSON
import PickerTestSupport
import Testing

/// The real gpg and gpg-agent (Debian's gnupg) with pinentry-pickerd as the
/// agent's pinentry-program, answered through pickerd as a person would.
@Suite(.tags(.process, .externalProgram), .timeLimit(.minutes(5))) struct GpgAgentTests {
    let fixture: GpgFixture

    init() throws {
        fixture = try GpgFixture()
    }

    func message(_ window: JSON) -> String { window["message"]?.stringValue ?? "" }

    /// A secure alert text window for the process `gpg`, from gpg-agent.
    func expectPassphraseWindow(_ window: JSON, title: String, askedBy gpg: CommandLineProcess) {
        #expect(window["title"]?.stringValue == title)
        #expect(window["kind"] == "text" && window["options"]?["secure"] == true)
        #expect(window["level_name"] == "alert")
        let message = window["message"]?.stringValue ?? ""
        #expect(message.contains("gpg (pid \(gpg.pid)) through gpg-agent (pid "), "\(message)")
    }

    @Test func symmetricEncryptionAsksTwiceAndRefusesAMismatch() throws {
        let passphrase = "Corr3ct-horse-\(UInt32.random(in: 0...UInt32.max))"
        let output = fixture.gnupgHome + "/message.gpg"
        let gpg = try fixture.gpgAsking(["--symmetric", "--output", output], input: "attack at dawn\n")
        let first = try fixture.nextWindow()
        expectPassphraseWindow(first, title: "Passphrase", askedBy: gpg)
        try fixture.person.submit(passphrase, to: first)
        let repeated = try fixture.nextWindow()
        expectPassphraseWindow(repeated, title: "Repeat", askedBy: gpg)
        try fixture.person.submit(passphrase + "-typo", to: repeated)
        let again = try fixture.nextWindow()
        let message = again["message"]?.stringValue ?? ""
        #expect(message.hasPrefix("does not match - try again\n"), "gpg-agent's own words: \(message)")
        try fixture.person.submit(passphrase, to: again)
        try fixture.person.submit(passphrase, to: try fixture.nextWindow())
        let encrypted = gpg.finish(timeout: 60)
        #expect(encrypted.status == 0, "\(encrypted.stderr)")
        let decrypted = try fixture.gpgGiven(passphrase, ["--decrypt", output])
        #expect(decrypted.stdout == "attack at dawn\n", "\(decrypted.stderr)")
        #expect(try fixture.person.leaks(of: [passphrase, passphrase + "-typo"]) == [])
        #expect(fixture.sawDismissals)
    }

    @Test func decryptionWithThePassphraseGivenThroughPickerdGivesThePlaintextBack() throws {
        // Percent signs, and a literal %0A, which the pinentry must send escaped (%25).
        let passphrase = "100% sure, 50%0A off \(UInt32.random(in: 0...UInt32.max))"
        let output = fixture.gnupgHome + "/message.gpg"
        let made = try fixture.gpgGiven(passphrase, ["--symmetric", "--output", output], input: "the plaintext\n")
        #expect(made.status == 0, "\(made.stderr)")
        let gpg = try fixture.gpgAsking(["--decrypt", output])
        let window = try fixture.nextWindow()
        expectPassphraseWindow(window, title: "Passphrase", askedBy: gpg)
        #expect(message(window).hasPrefix("Please enter the passphrase for decryption.\n"))
        try fixture.person.submit(passphrase, to: window)
        let decrypted = gpg.finish(timeout: 60)
        #expect(decrypted.status == 0, "\(decrypted.stderr)")
        #expect(decrypted.stdout == "the plaintext\n")
        #expect(try fixture.person.leaks(of: [passphrase]) == [])
    }

    @Test func aCancelledWindowMakesGpgFailWithOperationCancelled() throws {
        let key = try fixture.makeKey(passphrase: "Key-passphrase-1!")
        let gpg = try fixture.gpgAsking(["--local-user", key, "--sign"], input: "to be signed\n")
        let window = try fixture.nextWindow()
        expectPassphraseWindow(window, title: "Passphrase", askedBy: gpg)
        #expect(message(window).contains("Please enter the passphrase to unlock the OpenPGP secret key"))
        try fixture.person.cancel(window)
        let signed = gpg.finish(timeout: 60)
        #expect(signed.status != 0)
        #expect(signed.stderr.contains("signing failed: Operation cancelled"), "\(signed.stderr)")
    }

    @Test func aCancelledDecryptionFailsToo() throws {
        let output = fixture.gnupgHome + "/message.gpg"
        #expect(
            try fixture.gpgGiven("Sym-passphrase-1!", ["--symmetric", "--output", output], input: "x\n").status == 0)
        let gpg = try fixture.gpgAsking(["--decrypt", output])
        try fixture.person.cancel(try fixture.nextWindow())
        let decrypted = gpg.finish(timeout: 60)
        // gpg says so in its own words for a passphrase of symmetric encryption.
        #expect(decrypted.status != 0 && decrypted.stdout.isEmpty)
        #expect(decrypted.stderr.contains("cancelled by user"), "\(decrypted.stderr)")
    }

    @Test func passwdChangesAKeysPassphrase() throws {
        let old = "Old-passphrase-\(UInt32.random(in: 0...UInt32.max))"
        let new = "N3w-passphrase-\(UInt32.random(in: 0...UInt32.max))"
        let key = try fixture.makeKey(passphrase: old)
        let gpg = try fixture.gpgAsking(["--passwd", key])
        let unlock = try fixture.nextWindow()
        expectPassphraseWindow(unlock, title: "Passphrase", askedBy: gpg)
        #expect(message(unlock).contains("Pinentry Test <pinentry@example.org>"))
        try fixture.person.submit(old, to: unlock)
        let newOne = try fixture.nextWindow()
        #expect(message(newOne).contains("Please enter the new passphrase"))
        try fixture.person.submit(new, to: newOne)
        let repeated = try fixture.nextWindow()
        expectPassphraseWindow(repeated, title: "Repeat", askedBy: gpg)
        try fixture.person.submit(new, to: repeated)
        let changed = gpg.finish(timeout: 60)
        #expect(changed.status == 0, "\(changed.stderr)")
        #expect(
            try fixture.gpgGiven(new, ["--local-user", key, "--sign"], input: "x\n").status == 0,
            "the new passphrase unlocks the key")
        #expect(
            try fixture.gpgGiven(old, ["--local-user", key, "--sign"], input: "x\n").status != 0,
            "the old one no longer does")
        #expect(try fixture.person.leaks(of: [old, new]) == [])
    }

    @Test func pinentryTimeoutBecomesTheWindowsTimeout() throws {
        let fixture = try GpgFixture(agentOptions: ["pinentry-timeout 2"])
        let gpg = try fixture.gpgAsking(["--symmetric", "--output", fixture.gnupgHome + "/message.gpg"], input: "x\n")
        let window = try fixture.nextWindow()
        #expect(window["deadline"]?.stringValue != nil, "SETTIMEOUT 2 is the window's timeout")
        let ended = gpg.finish(timeout: 60)
        #expect(ended.status != 0)
        #expect(ended.stderr.contains("problem with the agent: Timeout"), "\(ended.stderr)")
        #expect(try fixture.client.result("list")["windows"]?.arrayValue?.isEmpty == true)
    }

    @Test func gpgAgentsConfirmationOfAWeakPassphraseIsAnActionSheet() throws {
        let output = fixture.gnupgHome + "/message.gpg"
        let gpg = try fixture.gpgAsking(["--symmetric", "--output", output], input: "weakly kept\n")
        try fixture.person.submit("abc", to: try fixture.nextWindow())
        try fixture.person.submit("abc", to: try fixture.nextWindow())
        let sheet = try fixture.nextWindow()
        #expect(sheet["kind"] == "actions" && sheet["level_name"] == "alert")
        let labels = sheet["options"]?["actions"]?.arrayValue?.compactMap { $0["label"]?.stringValue }
        #expect(labels == ["Take this one anyway", "Enter new passphrase"], "SETOK and SETCANCEL, in that order")
        #expect(message(sheet).hasPrefix("Warning: You have entered an insecure passphrase."), "\(message(sheet))")
        // Its cancel button: gpg-agent asks for a passphrase again.
        try fixture.person.choose("Enter new passphrase", in: sheet)
        let again = try fixture.nextWindow()
        expectPassphraseWindow(again, title: "Passphrase", askedBy: gpg)
        try fixture.person.submit("abc", to: again)
        try fixture.person.submit("abc", to: try fixture.nextWindow())
        try fixture.person.choose("Take this one anyway", in: try fixture.nextWindow())
        let encrypted = gpg.finish(timeout: 60)
        #expect(encrypted.status == 0, "\(encrypted.stderr)")
        #expect(try fixture.gpgGiven("abc", ["--decrypt", output]).stdout == "weakly kept\n")
    }

    @Test func anInterruptedGpgTakesItsWindowAlong() throws {
        let output = fixture.gnupgHome + "/message.gpg"
        #expect(
            try fixture.gpgGiven("Sym-passphrase-2!", ["--symmetric", "--output", output], input: "x\n").status == 0)
        let gpg = try fixture.gpgAsking(["--decrypt", output])
        let window = try fixture.nextWindow()
        // Killed outright: gpg defers SIGINT while it waits for the agent.
        gpg.signal(SIGKILL)
        _ = gpg.finish(timeout: 60)
        // gpg-agent 2.2 leaves its pinentry asking; the pinentry sees gpg gone and dismisses its window.
        try eventually("the pinentry to dismiss its window", timeout: 60) {
            try fixture.client.result("list")["windows"]?.arrayValue?.isEmpty == true
        }
        let outcome = try fixture.client.result("wait", ["window": window["window"] ?? .null])
        #expect(
            outcome["reason"] == "dismissed", "the pinentry dismissed it, rather than its connection ending: \(outcome)"
        )
    }
}
