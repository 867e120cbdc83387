import PickerJSON
import Testing

@testable import PickerTerminal

/// `pickerctl ui`'s echoes of its own live updates, matched by value: the
/// echo of an update sent from here is passed over, a change made elsewhere
/// is shown, and an asker's event queued ahead of an echo is neither taken
/// for it nor drawn over what the person typed.
@Suite struct PendingEchoesTests {
    /// The person types "a", "ab", "abc": each echo, in order, is an echo.
    @Test func eachEchoIsTakenInOrder() {
        var echoes = PendingEchoes()
        echoes.sent("a", over: "")
        echoes.sent("ab", over: "a")
        echoes.sent("abc", over: "ab")
        #expect(["a", "ab", "abc"].map { echoes.judge($0) } == [.echo, .echo, .echo])
        #expect(echoes.isEmpty)
        #expect(echoes.judge("abc") == .news, "nothing pending: a change is drawn (if it differs)")
    }

    /// The race: the asker moved the bar before pickerd took "a", so its
    /// event, carrying the person's part as it was, comes ahead of the echo.
    /// Counted, it was taken for the echo of "a", and the real echo of "a"
    /// then drew "a" over "ab". By value, it is stale, and both echoes match.
    @Test func anAskersEventAheadOfTheEchoIsNotTakenForIt() {
        var echoes = PendingEchoes()
        echoes.sent(["notes": "a"], over: ["notes": ""])
        echoes.sent(["notes": "ab"], over: ["notes": "a"])
        #expect(echoes.judge(["notes": ""]) == .stale)
        #expect(echoes.judge(["notes": "a"]) == .echo)
        // The asker again, between the echoes: the person's part is "a".
        #expect(echoes.judge(["notes": "a"]) == .stale)
        #expect(echoes.judge(["notes": "ab"]) == .echo)
        #expect(echoes.isEmpty)
    }

    /// Another front-end's edit while none is pending is drawn; one that
    /// comes after the echoes it raced with is drawn too.
    @Test func aChangeMadeElsewhereIsNews() {
        var echoes = PendingEchoes()
        echoes.sent("mine", over: "")
        #expect(echoes.judge("mine") == .echo)
        #expect(echoes.judge("theirs") == .news)
    }

    /// An echo pickerd normalized otherwise than sent (a trimmed text) does
    /// not stop the matching: it is taken for the oldest echo, and a later
    /// echo that matches takes the ones before it along.
    @Test func aNormalizedEchoIsStillTakenOnce() {
        var echoes = PendingEchoes()
        echoes.sent("a ", over: "a")
        echoes.sent("a b", over: "a ")
        #expect(echoes.judge("a") == .stale, "trimmed: as before the edit")
        #expect(echoes.judge("a b") == .echo)
        #expect(echoes.isEmpty)
        echoes.sent(0.30000000000000004, over: 0.2)
        #expect(echoes.judge(0.3) == .echo, "a number put on its grid")
        #expect(echoes.isEmpty)
    }

    /// A form's echo carries the bar as it is live, not the copy sent with
    /// the person's fields: the person's part alone is compared.
    @Test func aFormIsComparedByThePersonsPart() {
        let form = FormFields(options: FormProgressFieldTests.options, value: ["upload": ["percent": 0]])
        let sent = form.personsPart(of: ["upload": ["percent": 0], "notes": "hi"])
        #expect(sent == ["notes": "hi"])
        var echoes = PendingEchoes()
        echoes.sent(sent, over: [:])
        #expect(echoes.judge(form.personsPart(of: ["upload": ["percent": 70], "notes": "hi"])) == .echo)
    }

    /// An echo that never matches (lost with a restart) does not pile up.
    @Test func pendingValuesAreBounded() {
        var echoes = PendingEchoes()
        for index in 0...PendingEchoes.limit { echoes.sent(.integer(Int64(index)), over: nil) }
        #expect(echoes.pending.count == PendingEchoes.limit)
        #expect(echoes.judge(.integer(Int64(PendingEchoes.limit))) == .echo && echoes.isEmpty)
    }
}
