import PickerPinentry
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// The pinentry protocol line by line against a scripted person: what
/// gpg-agent sends, what pinentry-pickerd answers and asks.
@Suite struct AssuanTranscriptTests {
    static let greeting = "OK Pleased to meet you"
    static let cancelled = "ERR 83886179 Operation cancelled <Pinentry>"

    @Test func getInfoAnswersAsPinentryDoes() {
        let lines = converse(
            "GETINFO flavor\nGETINFO version\nGETINFO pid\nGETINFO ttyinfo\nOPTION ttyname=/nonexistent\nOPTION ttytype=xterm\nGETINFO ttyinfo\nGETINFO colour\n"
        ).lines
        #expect(lines[0] == Self.greeting)
        #expect(Array(lines[1...2]) == ["D pickerd", "OK"])
        #expect(lines[3].hasPrefix("D 0.") && lines[4] == "OK", "\(lines)")
        #expect(Array(lines[5...6]) == ["D \(getpid())", "OK"])
        #expect(Array(lines[7...8]) == ["D - - - - \(geteuid())/\(getegid()) -", "OK"])
        #expect(Array(lines[9...12]) == ["OK", "OK", "D /nonexistent xterm - ? \(geteuid())/\(getegid()) -", "OK"])
        #expect(lines[13] == "ERR 83886360 IPC parameter error <Pinentry>")
        #expect(lines.count == 14)
    }

    @Test func textsArePercentDecodedAndThePinEncoded() {
        let session = converse(
            "SETDESC Please enter%0Athe 100%25 passphrase%zz%4\nSETPROMPT Pass%3Aphrase:\nSETTITLE T%C3%A9st\nGETPIN\n",
            answers: [.secret("a%b\r\nc d")])
        #expect(session.lines == [Self.greeting, "OK", "OK", "OK", "D a%25b%0D%0Ac d", "OK"])
        let question = session.questions[0]
        #expect(question.kind == .secret(placeholder: "Pass:phrase:"))
        #expect(question.title == "Tést")
        #expect(question.message.hasPrefix("Please enter\nthe 100% passphrase%zz%4\n"), "\(question.message)")
    }

    @Test func whoAsksIsInTheWindow() {
        let question = converse("GETPIN\n", answers: [.secret("x")]).questions[0]
        #expect(question.message == "Asked by gpg (pid 4121) through gpg-agent (pid 4000).")
        #expect(question.title == "PIN")
    }

    @Test func anEmptyPinIsNoDataLine() {
        #expect(converse("GETPIN\n", answers: [.secret("")]).lines == [Self.greeting, "OK"])
    }

    @Test func aLongPinIsSplitIntoDataLinesOfAtMostAThousandBytes() {
        let pin = String(repeating: "%", count: 700) + String(repeating: "p", count: 900)
        let lines = converse("GETPIN\n", answers: [.secret(pin)]).lines
        let data = lines.filter { $0.hasPrefix("D ") }
        #expect(data.count == 4 && data.allSatisfy { $0.utf8.count <= 1000 }, "\(data.map(\.utf8.count))")
        #expect(
            data.map { $0.dropFirst(2) }.joined() == String(repeating: "%25", count: 700)
                + String(repeating: "p", count: 900))
        #expect(lines.last == "OK")
    }

    @Test func resetForgetsTheTextsButNotTheOptions() {
        let session = converse(
            "SETDESC Old description\nSETTITLE Old\nSETTIMEOUT 9\nOPTION owner=1/2 nowhere\nRESET\nGETPIN\n",
            answers: [.secret("x")])
        #expect(session.lines == [Self.greeting, "OK", "OK", "OK", "OK", "OK", "D x", "OK"])
        #expect(session.questions[0].title == "PIN")
        #expect(!session.questions[0].message.contains("Old"))
        #expect(session.questions[0].timeoutSeconds == 9)
    }

    @Test func byeClosesAndNothingAfterItRuns() {
        let session = converse("NOP\nBYE\nGETPIN\n")
        #expect(session.lines == [Self.greeting, "OK", "OK closing connection"])
        #expect(session.questions.isEmpty)
    }

    @Test func unknownCommandsAreRefusedAsPinentryRefusesThem() {
        let lines = converse(
            "FROBNICATE now\ngetinfo flavor\n# a comment\n\n  NOP\nEND\nOPTION frobnicate=1\nOPTION\nOPTION -x\nOPTION --no-grab\nOPTION lc-ctype = C\n"
        ).lines
        #expect(
            lines == [
                Self.greeting,
                "ERR 536871187 Unknown IPC command <User defined source 1>",
                "D pickerd", "OK",
                "ERR 536871188 IPC syntax error <User defined source 1> - leading white-space",
                "ERR 536870981 Not implemented <User defined source 1>",
                "ERR 83886254 Unknown option <Pinentry>",
                "ERR 536871188 IPC syntax error <User defined source 1> - argument required",
                "ERR 536871188 IPC syntax error <User defined source 1> - option should not begin with one dash",
                "OK", "OK",
            ])
    }

    @Test func helpListsTheCommands() {
        let lines = converse("HELP\n").lines
        #expect(lines.contains("# GETPIN") && lines.contains("# SETREPEAT") && lines.last == "OK")
    }

    @Test func aLineOverAThousandBytesIsRefusedAndTheNextOneServed() {
        let longest = "SETDESC " + String(repeating: "a", count: 992)
        let tooLong = "SETDESC " + String(repeating: "b", count: 993)
        let muchTooLong = "SETDESC " + String(repeating: "c", count: 50_000)
        let session = converse("\(longest)\n\(tooLong)\n\(muchTooLong)\nGETPIN\n", answers: [.secret("x")])
        let refused = "ERR 536871175 Line passed to IPC too long <User defined source 1>"
        #expect(session.lines == [Self.greeting, "OK", refused, refused, "D x", "OK"])
        #expect(session.questions[0].message.hasPrefix(String(repeating: "a", count: 992)))
        #expect(session.reports.count == 2)
    }

    @Test func theEndOfInputInTheMiddleOfACommandEndsCleanly() {
        let session = converse("SETDESC x\nGETP")
        #expect(session.lines == [Self.greeting, "OK"])
        #expect(session.questions.isEmpty)
        #expect(session.reports == ["the input ended in the middle of a command (\"GETP\"), which was not run"])
        let tooLongAtTheEnd = converse("SETDESC " + String(repeating: "z", count: 5000))
        #expect(
            tooLongAtTheEnd.lines == [
                Self.greeting, "ERR 536871175 Line passed to IPC too long <User defined source 1>",
            ])
    }

    @Test func carriageReturnsBeforeTheNewlineAreDropped() {
        #expect(converse("GETINFO flavor\r\n").lines == [Self.greeting, "D pickerd", "OK"])
    }

    @Test func aCancelAndATimeoutAnswerWithPinentrysErrors() {
        #expect(converse("GETPIN\n", answers: [.cancelled]).lines == [Self.greeting, Self.cancelled])
        let timedOut = converse("SETTIMEOUT 7\nGETPIN\n", answers: [.timedOut])
        #expect(timedOut.lines == [Self.greeting, "OK", "ERR 83886142 Timeout <Pinentry>"])
        #expect(timedOut.questions[0].timeoutSeconds == 7)
        let unavailable = converse("GETPIN\n", answers: [.unavailable("cannot reach pickerd")])
        #expect(unavailable.lines == [Self.greeting, "ERR 83886165 No pinentry <Pinentry>"])
        #expect(unavailable.reports == ["cannot reach pickerd"])
    }

    @Test func setErrorIsShownAboveTheFieldOnceThenForgotten() {
        let session = converse(
            "SETDESC Unlock the key\nSETERROR Bad Passphrase (try 2 of 3)\nGETPIN\nGETPIN\n",
            answers: [.secret("a"), .secret("b")])
        #expect(session.questions[0].message.hasPrefix("Bad Passphrase (try 2 of 3)\nUnlock the key\n"))
        #expect(session.questions[1].message.hasPrefix("Unlock the key\n"))
    }

    @Test func repeatAsksTwiceAndAsksAgainAfterAMismatch() {
        let session = converse(
            "SETPROMPT Passphrase:\nSETREPEAT Repeat:\nSETREPEATERROR does not match - try again\nGETPIN\nGETPIN\n",
            answers: [.secret("one"), .secret("two"), .secret("same"), .secret("same"), .secret("once")])
        #expect(session.lines == [Self.greeting, "OK", "OK", "OK", "S PIN_REPEATED", "D same", "OK", "D once", "OK"])
        #expect(session.questions.map(\.title) == ["Passphrase", "Repeat", "Passphrase", "Repeat", "Passphrase"])
        #expect(session.questions[2].message.hasPrefix("does not match - try again\n"))
        #expect(session.questions[1].kind == .secret(placeholder: "Repeat:"))
        #expect(session.reports == ["the two values did not match; asking again"])
    }

    @Test func aCancelDuringTheRepeatCancels() {
        let session = converse("SETREPEAT\nGETPIN\n", answers: [.secret("one"), .cancelled])
        #expect(session.lines == [Self.greeting, "OK", Self.cancelled])
    }

    @Test func confirmShowsTheLabelsWithoutMnemonics() {
        let setup = "SETDESC Do it?\nSETOK _Yes\nSETNOTOK _No\nSETCANCEL Ca_ncel__x\n"
        let ok = converse(setup + "CONFIRM\n", answers: [.button(0)])
        #expect(ok.questions[0].kind == .buttons(["Yes", "No", "Cancel_x"], cancelIndex: 2))
        #expect(ok.questions[0].title == "Confirm")
        #expect(ok.lines.last == "OK")
        #expect(
            converse(setup + "CONFIRM\n", answers: [.button(1)]).lines.last == "ERR 83886194 Not confirmed <Pinentry>")
        #expect(converse(setup + "CONFIRM\n", answers: [.button(2)]).lines.last == Self.cancelled)
        #expect(converse(setup + "CONFIRM\n", answers: [.cancelled]).lines.last == Self.cancelled)
        #expect(
            converse("CONFIRM\n", answers: [.button(0)]).questions[0].kind
                == .buttons(["OK", "Cancel"], cancelIndex: 1))
    }

    @Test func oneButtonConfirmAndMessageAreNotices() {
        for command in ["CONFIRM --one-button", "MESSAGE"] {
            let session = converse("SETDESC Your card is blocked.\nSETOK Dismiss\n\(command)\n", answers: [.cancelled])
            #expect(session.questions[0].kind == .buttons(["Dismiss"], cancelIndex: nil))
            #expect(session.lines.last == "OK", "a notice ends OK however it is closed")
            #expect(converse("\(command)\n", answers: [.timedOut]).lines.last == "ERR 83886142 Timeout <Pinentry>")
        }
    }

    @Test func optionsGpgAgentSendsAreAccepted() {
        let options = [
            "OPTION no-grab", "OPTION ttyname=/dev/pts/3", "OPTION ttytype=xterm-256color", "OPTION lc-ctype=C.UTF-8",
            "OPTION lc-messages=C", "OPTION allow-external-password-cache", "OPTION default-ok=_OK",
            "OPTION default-cancel=_Cancel", "OPTION default-prompt=PIN:", "OPTION owner=4121/1000 host",
            "OPTION touch-file=/tmp/x", "SETKEYINFO n/0123456789ABCDEF", "SETQUALITYBAR", "SETQUALITYBAR_TT Quality",
            "SETKEYINFO --clear", "CLEARPASSPHRASE n/01",
        ]
        let lines = converse(options.joined(separator: "\n") + "\n").lines
        #expect(lines == [Self.greeting] + Array(repeating: "OK", count: options.count))
    }

    @Test func terminalEscapesInTextsDoNotReachTheWindow() {
        let session = converse(
            "SETDESC red%1B[31m%07bell%0Anext\tline%C2%9B2J\nSETTITLE %1B]0;owned%07Title\nGETPIN\n",
            answers: [.secret("x")])
        #expect(session.questions[0].title == "]0;ownedTitle")
        #expect(
            session.questions[0].message.hasPrefix("red[31mbell\nnext\tline2J\n"),
            "\(session.questions[0].message.debugDescription)")
    }

    @Test func whenTheAskerIsGoneTheAnswerIsCancelledAndSaidWhy() {
        let session = converse(
            "GETPIN\nCONFIRM\n", answers: [.askerGone("gpg (pid 4121) is gone"), .askerGone("gpg (pid 4121) is gone")])
        #expect(session.lines == [Self.greeting, Self.cancelled, Self.cancelled])
        #expect(session.reports == ["gpg (pid 4121) is gone", "gpg (pid 4121) is gone"])
    }
}
