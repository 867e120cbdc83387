import PickerJSON
import PickerProtocol
import Testing

@testable import PickerPasswordAgent

/// The window a request becomes, and what may go back.
@Suite struct AskWindowTests {
    static func window(_ change: (inout AskFile) -> Void = { _ in }, requester: String? = "cryptsetup") -> AskWindow {
        var file = AskFile(socket: "/run/systemd/ask-password/sck.1")
        file.pid = 812
        change(&file)
        return AskWindow(
            entry: AskEntry(name: "ask.abc", identity: FileIdentity(device: 1, inode: 2), owner: 0, file: file),
            requester: requester)
    }

    static func limits(_ pairs: [(String, Int64)]) -> HelloReply {
        HelloReply(
            server: "pickerd", version: "0", protocolVersion: 1, levels: [], kinds: [], permissions: [],
            limits: pairs.map { .init($0.0, $0.1) })
    }

    @Test func aRequestIsASecureAlertTitledWithItsMessage() throws {
        let present = try #require(
            Self.window {
                $0.message = "Passphrase for root:"; $0.id = "cryptsetup:/dev/sda5"; $0.icon = "drive-harddisk"
            }
            .presentation(note: nil, limits: nil, now: 1))
        #expect(present.kind == "text" && present.level == .named("alert") && present.onDisconnect == .dismiss)
        #expect(present.title == "Passphrase for root:")
        #expect(present.options[TextOption.secure] == true)
        #expect(present.options[TextOption.maxLength] == .integer(Int64(PasswordAnswer.largestPassword)))
        #expect(present.tag == "ask-password:ask.abc")
        #expect(present.timeoutMilliseconds == nil, "no NotAfter=, no timeout")
        #expect(
            present.message
                == "For cryptsetup:/dev/sda5.\nAsked by cryptsetup (process 812) through systemd's password agents.\nIcon: drive-harddisk."
        )
    }

    @Test func echoShowsWhatIsTypedUnlessSilent() {
        #expect(Self.window { $0.echo = true }.isSecure == false)
        #expect(
            Self.window {
                $0.echo = true; $0.silent = true
            }.isSecure == true)
        #expect(Self.window { $0.silent = true }.isSecure == true)
        #expect(Self.window { $0.acceptCached = true }.isSecure == true)
        let echoed = Self.window { $0.echo = true }
        #expect(echoed.title == "A service asks for an answer")
        #expect(echoed.message(note: nil).hasSuffix("What you type is shown: the asker allows it."))
        #expect(Self.window().title == "A service asks for a password")
    }

    @Test func notAfterBecomesTheTimeoutWithinTheDaemonsLongest() throws {
        let window = Self.window { $0.notAfter = 10_000_000 }
        #expect(window.presentation(note: nil, limits: nil, now: 7_999_500)?.timeoutMilliseconds == 2001)
        #expect(
            window.presentation(note: nil, limits: Self.limits([("max_timeout_ms", 1000)]), now: 0)?.timeoutMilliseconds
                == 1000)
        #expect(window.presentation(note: nil, limits: nil, now: 10_000_000) == nil, "its time has passed")
    }

    @Test func textsAreCutToTheDaemonsLimitsAtCharacterBoundaries() throws {
        let window = Self.window({ $0.message = String(repeating: "é", count: 600) }, requester: nil)
        let present = try #require(
            window.presentation(
                note: "Try again.", limits: Self.limits([("max_title_bytes", 11), ("max_tag_bytes", 8)]), now: 0))
        #expect(present.title == String(repeating: "é", count: 5))
        #expect(present.tag == "ask-pass")
        #expect(present.message?.hasPrefix("Try again.\nAsked by process 812 through") == true)
        #expect(
            window.presentation(note: nil, limits: nil, now: 0)?.title == String(repeating: "é", count: 512),
            "pickerd's default, 1024 bytes")
    }

    /// Who asks systemd comes first: the program and the user it runs as.
    @Test func theRequesterIsNamedWithItsUser() throws {
        var window = Self.window(requester: "sudo")
        window.requesterUser = "ada"
        let present = try #require(window.presentation(note: nil, limits: nil, now: 1))
        #expect(present.message == "Asked by sudo (process 812, user ada) through systemd's password agents.")
    }

    @Test func anAnswerSystemdCannotTakeIsNotSent() {
        #expect(PasswordAnswer.problem(with: "fine") == nil)
        #expect(PasswordAnswer.problem(with: "") == nil, "the empty password is a password")
        #expect(PasswordAnswer.problem(with: String(repeating: "a", count: 2048)) == nil)
        #expect(PasswordAnswer.problem(with: String(repeating: "a", count: 2049))?.contains("2049 bytes") == true)
        #expect(PasswordAnswer.problem(with: "a\u{0}b")?.contains("NUL") == true)
        #expect(PasswordAnswer.password("pw").datagram == Array("+pw".utf8))
        #expect(PasswordAnswer.cancel.datagram == Array("-".utf8))
    }
}
