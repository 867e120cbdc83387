import Testing

@testable import PickerPasswordAgent

/// The ask file as systemd writes it, and as it should not be.
@Suite struct AskFileTests {
    static func parse(_ text: String) -> Result<AskFile, AskFileProblem> {
        AskFile.parse(Array(text.utf8))
    }

    @Test func readsWhatSystemdWrites() throws {
        let file = try Self.parse(
            """
            [Ask]
            PID=806
            Socket=/run/systemd/ask-password/sck.8fc8a727fd142540
            AcceptCached=1
            Echo=0
            NotAfter=37665809279
            Silent=0
            Message=Enter passphrase for disk root (luks-1234):
            Icon=drive-harddisk
            Id=cryptsetup:/dev/sda5

            """
        ).get()
        #expect(file.pid == 806)
        #expect(file.socket == "/run/systemd/ask-password/sck.8fc8a727fd142540")
        #expect(file.acceptCached && !file.echo && !file.silent)
        #expect(file.notAfter == 37_665_809_279)
        #expect(file.message == "Enter passphrase for disk root (luks-1234):")
        #expect(file.icon == "drive-harddisk" && file.id == "cryptsetup:/dev/sda5")
        #expect(file.warnings.isEmpty)
    }

    @Test func aFileWithoutSocketIsRefused() {
        #expect(throws: AskFileProblem.noSocket(warnings: [])) {
            try Self.parse("[Ask]\nPID=1\nMessage=Where to?\n").get()
        }
        #expect(throws: AskFileProblem.noSocket(warnings: [])) {
            try Self.parse("[Ask]\nSocket=\nMessage=Empty\n").get()
        }
        // A Socket= outside [Ask] is not the request's.
        #expect(throws: AskFileProblem.noSocket(warnings: [])) { try Self.parse("[Other]\nSocket=/run/x\n").get() }
        #expect(throws: AskFileProblem.noSocket(warnings: [])) { try Self.parse("").get() }
    }

    @Test func aSocketWithQuotesOrControlCharactersIsRefused() {
        for socket in ["/run/a\"b", "/run/a'b", "/run/a\\b", "/run/a\u{1B}[2Jb", "/run/a\u{7F}"] {
            let parsed = Self.parse("[Ask]\nSocket=\(socket)\n")
            guard case .failure(.noSocket(let warnings)) = parsed else {
                Issue.record("\(socket.debugDescription) was taken: \(parsed)")
                continue
            }
            #expect(warnings.count == 1 && warnings[0].contains("Socket="), "\(warnings)")
        }
    }

    @Test func garbageValuesAreIgnoredWithAWarningAsSystemdDoes() throws {
        let file = try Self.parse(
            """
            [Ask]
            Socket=/run/systemd/ask-password/sck.1
            NotAfter=soon
            PID=-5
            Echo=maybe
            Silent=yes
            AcceptCached=on
            """
        ).get()
        #expect(file.notAfter == 0, "an unreadable NotAfter= leaves no deadline, as in systemd's agent")
        #expect(file.pid == 0 && !file.echo && file.silent && file.acceptCached)
        #expect(file.warnings.count == 3, "\(file.warnings)")
        #expect(file.warnings.contains { $0.contains("NotAfter=") })
        for notAfter in ["0x10", "1e6", "+5", "18446744073709551616", "12 34"] {
            let parsed = try Self.parse("[Ask]\nSocket=/s\nNotAfter=\(notAfter)\n").get()
            #expect(parsed.notAfter == 0 && parsed.warnings.count == 1, "NotAfter=\(notAfter): \(parsed)")
        }
    }

    @Test func hugeFilesAreRefusedUnparsed() {
        let huge = "[Ask]\nSocket=/s\nMessage=" + String(repeating: "x", count: AskFile.largestFile) + "\n"
        #expect(throws: AskFileProblem.tooLarge(bytes: huge.utf8.count)) { try Self.parse(huge).get() }
        let justFits = "[Ask]\nSocket=/s\nMessage=" + String(repeating: "y", count: AskFile.largestFile - 30) + "\n"
        #expect((try? Self.parse(justFits).get())?.message?.count == AskFile.largestFile - 30)
    }

    @Test func iniDetailsFollowSystemdsParser() throws {
        let file = try Self.parse(
            """
            # a comment
            ; another
            Message=before any section
            [Ask]
              Socket = /run/first  \r
            Socket=/run/second
            Message=Line one \\
            continued
            Nothing to see
            Unknown=kept out
            message=lower case is another key
            [Later]
            Message=not the request's
            """
        ).get()
        #expect(file.socket == "/run/second", "the last of a repeated key wins")
        #expect(file.message == "Line one  continued")
        #expect(file.warnings == ["line 9 has no '='; ignored"])
    }

    @Test func anUnclosedSectionHeaderRefusesTheFile() {
        #expect(throws: AskFileProblem.badSectionHeader(line: 1)) { try Self.parse("[Ask\nSocket=/s\n").get() }
    }

    @Test func linesThatAreNotTextAreIgnored() throws {
        var bytes = Array("[Ask]\nSocket=/run/s\nMessage=".utf8) + [0xFF, 0xFE] + Array("\nId=a\u{0}b\nIcon=ok\n".utf8)
        var file = try AskFile.parse(bytes).get()
        #expect(file.message == nil && file.id == nil && file.icon == "ok")
        #expect(file.warnings.count == 2, "\(file.warnings)")
        bytes = Array("[Ask]\nSocket=/run/s\u{0}/t\n".utf8)
        #expect(throws: AskFileProblem.self) { try AskFile.parse(bytes).get() }
        file = try AskFile.parse(Array("\u{FEFF}[Ask]\nSocket=/run/s\n".utf8)).get()
        #expect(file.socket == "/run/s")
    }
}
