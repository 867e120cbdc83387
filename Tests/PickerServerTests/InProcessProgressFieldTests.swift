import PickerJSON
import PickerProtocol
import PickerServerTesting
import PickerTestSupport
import Testing

/// A form with a `progress` field on the embedded daemon: the person fills
/// in the other fields while the asker reports progress in that one. Only
/// the asker's connection moves it; anyone else's copy of it is not taken,
/// so a front-end's stale value never undoes newer progress; the asker's
/// update changes only the fields it gives; the outcome has the last value.
@Suite struct InProcessProgressFieldTests {
    static let uploadForm = Present(
        kind: "form", title: "Release",
        options: [
            "fields": [
                ["name": "notes", "kind": "text", "label": "Release notes"],
                ["name": "upload", "kind": "progress", "label": "Uploading"],
            ]
        ])

    /// A daemon where uid 65534 may answer and observe (a front-end of
    /// another user), the asker with its form, and a front-end of the
    /// asker's own uid.
    static func askedForm() throws -> (
        daemon: EmbeddedDaemon, asker: EmbeddedConnection, person: EmbeddedConnection, window: WindowID
    ) {
        let daemon = try EmbeddedDaemon(
            config: #"{"permissions": {"rules": [{"uid": 65534, "allow": ["answer", "observe"]}]}}"#)
        let asker = try EmbeddedConnection(daemon)
        let window = try asker.presentWindow(uploadForm).window
        return (daemon, asker, try EmbeddedConnection(daemon), window)
    }

    @Test func theFieldStartsAtZeroAndTheAskerMovesItAlone() throws {
        let (_, asker, person, window) = try Self.askedForm()
        #expect(try person.call(Get(window: window)).value == ["upload": ["percent": 0]])
        _ = try person.call(Update(window: window, value: ["notes": "Fixes", "upload": ["percent": 0]]))
        // The asker sends only what it moves; what the person wrote stays.
        _ = try asker.call(Update(window: window, value: ["upload": ["percent": 40, "text": "2 of 5 files"]]))
        #expect(
            try person.call(Get(window: window)).value == [
                "notes": "Fixes", "upload": ["percent": 40, "text": "2 of 5 files"],
            ])
        // The front-end's next edit carries its stale copy: not taken.
        _ = try person.call(Update(window: window, value: ["notes": "Fixes bugs", "upload": ["percent": 0]]))
        #expect(
            try person.call(Get(window: window)).value == [
                "notes": "Fixes bugs", "upload": ["percent": 40, "text": "2 of 5 files"],
            ])
    }

    /// Another connection, of the asker's uid or another with `answer`,
    /// cannot move the field: its update is taken for the person's fields,
    /// and what it gives for the progress, even garbage, is not looked at.
    @Test func anotherConnectionCannotMoveTheField() throws {
        let (daemon, asker, person, window) = try Self.askedForm()
        _ = try asker.call(Update(window: window, value: ["upload": ["percent": 25]]))
        let stranger = try EmbeddedConnection(daemon, uid: 65534)
        for other in [person, stranger] {
            for given: JSON in [
                ["percent": 100], ["percent": "nan"], "\u{1B}]0;pwned\u{07}", .null, ["text": "forged"],
            ] {
                _ = try other.call(Update(window: window, value: ["notes": "n", "upload": given]))
                #expect(try asker.call(Get(window: window)).value == ["notes": "n", "upload": ["percent": 25]])
            }
        }
        let outcome = try stranger.call(Submit(window: window, value: ["notes": "n", "upload": ["percent": 100]]))
        #expect(outcome.reason == .submitted && outcome.value == ["notes": "n", "upload": ["percent": 25]])
    }

    /// The person submits without the field (or with an old copy of it):
    /// the outcome holds its last value, for the submitter and the asker.
    @Test func theOutcomeHoldsTheLastProgress() throws {
        let (_, asker, person, window) = try Self.askedForm()
        let waiting = asker.send(Wait(window: window))
        _ = try asker.call(Update(window: window, value: ["upload": ["percent": 80, "text": "almost"]]))
        let outcome = try person.call(Submit(window: window, value: ["notes": "Ready"]))
        let expected: JSON = ["notes": "Ready", "upload": ["percent": 80, "text": "almost"]]
        #expect(outcome.value == expected)
        #expect(try #require(try asker.responses()[waiting]).get()["value"] == expected)
    }

    /// The asker may answer its own form too: what it gives for the field
    /// counts, and a field it leaves out is as it is live.
    @Test func theAskersSubmitTakesItsOwnProgress() throws {
        let (_, asker, _, window) = try Self.askedForm()
        _ = try asker.call(Update(window: window, value: ["upload": ["percent": 30]]))
        #expect(
            try asker.call(Submit(window: window, value: ["notes": "a"])).value == [
                "notes": "a", "upload": ["percent": 30],
            ])
        let second = try asker.presentWindow(Self.uploadForm).window
        #expect(
            try asker.call(Submit(window: second, value: ["notes": "b", "upload": ["percent": 100]])).value == [
                "notes": "b", "upload": ["percent": 100],
            ])
    }

    /// After the asker's connection is gone, the connection of its uid that
    /// takes the form back with `wait` moves the field; no one else does.
    @Test func theConnectionThatTakesTheFormBackWithWaitMovesTheField() throws {
        let (daemon, asker, person, window) = try Self.askedForm()
        asker.disconnect()
        let returning = try EmbeddedConnection(daemon)
        _ = try returning.call(Update(window: window, value: ["upload": ["percent": 5]]))
        #expect(try person.call(Get(window: window)).value == ["upload": ["percent": 0]], "not yet its asker")
        let waiting = returning.send(Wait(window: window))
        _ = try returning.call(Update(window: window, value: ["upload": ["percent": 50]]))
        _ = try person.call(Update(window: window, value: ["notes": "n", "upload": ["percent": 60]]))
        _ = try person.call(Submit(window: window, value: ["notes": "n"]))
        let outcome = try #require(try returning.responses()[waiting]).get()
        #expect(outcome["reason"] == "submitted" && outcome["value"] == ["notes": "n", "upload": ["percent": 50]])
    }

    /// A form within a form (a preset of form as a field) merges its own
    /// progress field the same way, field by field.
    @Test func aProgressFieldInAFormWithinAFormIsMergedToo() throws {
        let preset =
            #"{"kind": "transfer", "base": "form", "options": {"fields": [{"name": "bar", "kind": "progress"}]}}"#
        let (daemon, folder) = try PresetTests.embeddedDaemon(["transfer.json": preset])
        defer { withExtendedLifetime(folder) {} }
        let asker = try EmbeddedConnection(daemon)
        let person = try EmbeddedConnection(daemon)
        let window = try asker.presentWindow(
            Present(
                kind: "form",
                options: ["fields": [["name": "notes", "kind": "text"], ["name": "copy", "kind": "transfer"]]])
        ).window
        _ = try asker.call(Update(window: window, value: ["copy": ["bar": ["percent": 30]]]))
        _ = try person.call(Update(window: window, value: ["notes": "x", "copy": ["bar": ["percent": 0]]]))
        #expect(try person.call(Get(window: window)).value == ["notes": "x", "copy": ["bar": ["percent": 30]]])
        let outcome = try person.call(Submit(window: window, value: ["notes": "y"]))
        #expect(outcome.value == ["notes": "y", "copy": ["bar": ["percent": 30]]])
    }

    /// A preset form holding a progress and a required text, as field
    /// `copy` of a form, optional or not; the asker has moved the bar.
    static func formWithin(required: Bool) throws -> (
        daemon: EmbeddedDaemon, asker: EmbeddedConnection, person: EmbeddedConnection, window: WindowID,
        folder: TestDirectory
    ) {
        let preset = #"""
            {"kind": "transfer", "base": "form", "options": {"fields": [
              {"name": "bar", "kind": "progress"}, {"name": "target", "kind": "text"}]}}
            """#
        let (daemon, folder) = try PresetTests.embeddedDaemon(["transfer.json": preset])
        let asker = try EmbeddedConnection(daemon)
        let window = try asker.presentWindow(
            Present(
                kind: "form",
                options: [
                    "fields": [
                        ["name": "notes", "kind": "text", "required": false],
                        ["name": "copy", "kind": "transfer", "required": .bool(required)],
                    ]
                ])
        ).window
        _ = try asker.call(Update(window: window, value: ["copy": ["bar": ["percent": 30]]]))
        return (daemon, asker, try EmbeddedConnection(daemon), window, folder)
    }

    /// An optional form within may be left out of an answer whatever it
    /// holds: its progress is not put back, so its required text is not
    /// asked for.
    @Test func anOptionalFormWithinHoldingAProgressMayBeLeftOut() throws {
        let (_, asker, person, window, folder) = try Self.formWithin(required: false)
        defer { withExtendedLifetime(folder) {} }
        _ = try asker.call(Update(window: window, value: ["copy": ["bar": ["percent": 40]]]))
        for given: JSON in [["notes": "y"], ["notes": "y", "copy": .null], [:]] {
            let other = try Self.formWithin(required: false)
            defer { withExtendedLifetime(other.folder) {} }
            let outcome = try other.person.call(Submit(window: other.window, value: given))
            #expect(outcome.reason == .submitted && outcome.value == (given == [:] ? [:] : ["notes": "y"]))
        }
        // Given, it is taken with its live progress and needs its own required field.
        let refused = try #require(
            try person.request(Submit(window: window, value: ["notes": "z", "copy": [:]])).failure)
        #expect(refused.code == .invalidParams && refused.data?["field"] == "copy", "\(refused.message)")
        let outcome = try person.call(Submit(window: window, value: ["notes": "z", "copy": ["target": "/srv"]]))
        #expect(outcome.value == ["notes": "z", "copy": ["bar": ["percent": 40], "target": "/srv"]])
    }

    /// A person's draft without an optional form within (a stale copy)
    /// keeps the asker's progress in it: only an answer leaves it out.
    @Test func aStaleDraftWithoutAnOptionalFormWithinKeepsTheAskersProgress() throws {
        let (_, asker, person, window, folder) = try Self.formWithin(required: false)
        defer { withExtendedLifetime(folder) {} }
        _ = try person.call(Update(window: window, value: ["notes": "x"]))
        #expect(try person.call(Get(window: window)).value == ["notes": "x", "copy": ["bar": ["percent": 30]]])
        _ = try asker.call(Update(window: window, value: ["copy": ["bar": ["percent": 40]]]))
        _ = try person.call(Update(window: window, value: ["notes": "y"]))
        #expect(try person.call(Get(window: window)).value == ["notes": "y", "copy": ["bar": ["percent": 40]]])
    }

    /// A required form within keeps its rule: left out, it is its live
    /// progress, and its required text is then missing.
    @Test func aRequiredFormWithinHoldingAProgressCannotBeLeftOut() throws {
        let (_, _, person, window, folder) = try Self.formWithin(required: true)
        defer { withExtendedLifetime(folder) {} }
        let refused = try #require(try person.request(Submit(window: window, value: ["notes": "y"])).failure)
        #expect(refused.code == .invalidParams && refused.data?["field"] == "copy", "\(refused.message)")
        #expect(refused.message.contains("'target' is required"), "\(refused.message)")
        #expect(try person.call(Get(window: window)).value == ["copy": ["bar": ["percent": 30]]])
    }

    /// A form is cancelled as a whole, as any form: no value.
    @Test func aCancelFollowsTheFormsRules() throws {
        let (_, asker, person, window) = try Self.askedForm()
        _ = try asker.call(Update(window: window, value: ["upload": ["percent": 50]]))
        let outcome = try person.call(Cancel(window: window))
        #expect(outcome.reason == .cancelled && outcome.value == nil)
    }

    /// `auto_close` (and `cancellable: false`) mean nothing in a field:
    /// refused at present, naming the field; no window is opened.
    @Test func autoCloseInAFieldIsRefused() throws {
        let daemon = try EmbeddedDaemon()
        let asker = try EmbeddedConnection(daemon)
        for option: JSONObject in [["auto_close": true], ["cancellable": false]] {
            let error = try #require(
                try asker.request(
                    Present(
                        kind: "form",
                        options: ["fields": [["name": "upload", "kind": "progress", "options": .object(option)]]])
                ).failure)
            #expect(error.code == .invalidParams && error.data?["field"] == "options.upload")
            #expect(error.message.contains("has no meaning in a form's field"), "\(error.message)")
        }
        #expect(try asker.call(List()).windows.isEmpty)
    }

    /// The asker's stream of progress reaches subscribers coalesced, as a
    /// progress window's does, with the last value; the person's edits go
    /// out one event each.
    @Test func theAskersUpdatesAreCoalescedThePersonsAreNot() throws {
        let (daemon, asker, person, window) = try Self.askedForm()
        let watcher = try EmbeddedConnection(daemon)
        _ = try watcher.call(Subscribe(events: ["window.changed"]))
        for percent in 1...100 {
            _ = asker.send(Update(window: window, value: ["upload": ["percent": .integer(Int64(percent))]]))
        }
        _ = try asker.responses()
        daemon.advance(milliseconds: 100)
        let values = InProcessProgressTests.changedValues(try watcher.takeEvents())
        #expect(values.count <= 3, "\(values.count) events for 100 updates at one instant")
        #expect(values.last == ["upload": ["percent": 100]])
        for notes in ["a", "ab", "abc"] {
            _ = try person.call(Update(window: window, value: ["notes": .string(notes)]))
        }
        #expect(InProcessProgressTests.changedValues(try watcher.takeEvents()).count == 3)
    }

    /// A timeout's default keeps how far the asker's progress came.
    @Test func aTimeoutsDefaultHasTheLiveProgress() throws {
        let daemon = try EmbeddedDaemon()
        let asker = try EmbeddedConnection(daemon)
        var present = Self.uploadForm
        present.timeoutMilliseconds = 1000
        present.defaultValue = ["notes": "none"]
        let window = try asker.presentWindow(present).window
        _ = try asker.call(Update(window: window, value: ["upload": ["percent": 12.5]]))
        daemon.advance(milliseconds: 1000)
        let outcome = try asker.call(Wait(window: window))
        #expect(outcome.reason == .timeout && outcome.value == ["notes": "none", "upload": ["percent": 12.5]])
    }
}
