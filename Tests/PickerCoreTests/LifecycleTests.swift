import PickerCore
import PickerJSON
import PickerProtocol
import Testing

@Suite struct LifecycleTests {
    @Test func submitEndsTheWindowOnceWithItsOutcome() throws {
        let fixture = ModelFixture()
        let id = try fixture.present()
        let outcome = try fixture.model.submit(window: id, value: "Ada", by: ModelFixture.bob)
        #expect(outcome.reason == .submitted && outcome.value == "Ada" && outcome.by == ModelFixture.bob)
        #expect(outcome.at == fixture.clock.now())
        #expect(fixture.model.lookup(id) == .dismissed(outcome))
        #expect(throws: PickerError.alreadyDismissed(outcome)) {
            try fixture.model.submit(window: id, value: "again", by: ModelFixture.bob)
        }
        #expect(throws: PickerError.alreadyDismissed(outcome)) {
            try fixture.model.cancel(window: id, by: ModelFixture.bob)
        }
        #expect(throws: PickerError.alreadyDismissed(outcome)) { try fixture.model.raise(window: id) }
        #expect(fixture.model.counters[.submitted] == 1)
    }

    @Test func aRejectedValueKeepsTheWindowOpen() throws {
        let fixture = ModelFixture()
        let id = try fixture.present(options: ["min_length": 3])
        #expect(
            throws: PickerError.invalidParams("the text must be at least 3 characters long (it has 2)", field: "value")
        ) {
            try fixture.model.submit(window: id, value: "Al", by: ModelFixture.bob)
        }
        #expect(fixture.model.lookup(id) != .unknown)
        #expect(try fixture.model.submit(window: id, value: "Ada", by: ModelFixture.bob).value == "Ada")
    }

    @Test func omittedWindowMeansTheKeyWindow() throws {
        let fixture = ModelFixture()
        #expect(throws: PickerError.noSuchWindow(nil)) {
            try fixture.model.submit(window: nil, value: "x", by: ModelFixture.bob)
        }
        try fixture.present()
        let alert = try fixture.present(level: .alert)
        #expect(try fixture.model.submit(window: nil, value: "x", by: ModelFixture.bob).window == alert)
        #expect(throws: PickerError.noSuchWindow(WindowID("w99"))) {
            try fixture.model.details(window: WindowID("w99"))
        }
    }

    @Test func cancelAndDismissRecordWhoAndWhy() throws {
        let fixture = ModelFixture()
        let a = try fixture.present()
        let b = try fixture.present()
        #expect(try fixture.model.cancel(window: a, by: ModelFixture.bob).reason == .cancelled)
        let dismissed = try fixture.model.dismiss(window: b, by: ModelFixture.bob)
        #expect(dismissed.reason == .dismissed && dismissed.value == nil && dismissed.by == ModelFixture.bob)
        #expect(fixture.model.counters[.cancelled] == 1 && fixture.model.counters[.dismissed] == 1)
        #expect(fixture.model.openWindowCount == 0)
    }

    @Test func dismissAllAndByLevel() throws {
        let fixture = ModelFixture()
        let a = try fixture.present()
        let b = try fixture.present(level: .alert)
        let c = try fixture.present(level: .alert)
        let d = try fixture.present(level: .statusBar)
        #expect(fixture.model.dismiss(level: .alert, by: ModelFixture.bob) == [c, b])
        #expect(fixture.order == [d, a])
        _ = fixture.events()
        #expect(fixture.model.dismissAll(by: ModelFixture.bob) == [d, a])
        #expect(
            fixture.events() == ["window.dismissed w4", "window.dismissed w1", "window.resigned_key w4"],
            "the key changes once, after everything is gone")
    }

    @Test func timeoutAppliesTheDefault() throws {
        let fixture = ModelFixture()
        let id = try fixture.present("date", timeout: 1500, default: "2026-01-02")
        let other = try fixture.present(timeout: 60_000)
        #expect(fixture.model.nextWakeup == fixture.clock.now().adding(milliseconds: 1500))
        fixture.clock.advance(milliseconds: 1499)
        fixture.model.fireDueTimers()
        #expect(fixture.model.lookup(id) != .unknown && fixture.model.openWindowCount == 2)
        fixture.clock.advance(milliseconds: 1)
        fixture.model.fireDueTimers()
        guard case .dismissed(let outcome) = fixture.model.lookup(id) else {
            Issue.record("window did not time out")
            return
        }
        #expect(outcome.reason == .timeout && outcome.value == "2026-01-02" && outcome.by == nil)
        #expect(fixture.model.lookup(other) != .dismissed(outcome))
        #expect(fixture.model.counters[.timeout] == 1)
    }

    @Test func aTimeoutWithoutDefaultHasNoValue() throws {
        let fixture = ModelFixture()
        let id = try fixture.present(timeout: 300)
        fixture.clock.advance(milliseconds: 301)
        // No timer fired yet: the next operation still sees the deadline first.
        #expect(throws: PickerError.self) { try fixture.model.submit(window: id, value: "late", by: ModelFixture.bob) }
        guard case .dismissed(let outcome) = fixture.model.lookup(id) else {
            Issue.record("window did not time out")
            return
        }
        #expect(outcome.reason == .timeout && outcome.value == nil)
    }

    @Test func configuredDefaultAndMaximumTimeouts() throws {
        let fixture = ModelFixture {
            $0.defaultTimeoutMilliseconds = 1000
            $0.maxTimeoutMilliseconds = 5000
        }
        let id = try fixture.present()
        #expect(
            try fixture.model.details(window: id).summary.deadline == fixture.clock.now().adding(milliseconds: 1000))
        #expect(throws: PickerError.invalidParams("timeout_ms must be between 1 and 5000", field: "timeout_ms")) {
            try fixture.present(timeout: 5001)
        }
        #expect(throws: PickerError.self) { try fixture.present(timeout: 0) }
    }

    @Test func badOptionsOrDefaultCreateNoWindow() throws {
        let fixture = ModelFixture()
        #expect(
            throws: PickerError.invalidParams(
                "option 'min_length' (5) must not be greater than option 'max_length' (2)", field: "options")
        ) {
            try fixture.present(options: ["min_length": 5, "max_length": 2])
        }
        #expect(
            throws: PickerError.invalidParams(
                "invalid default: 2026-02-30 is not a date: February 2026 has 28 days", field: "default")
        ) {
            try fixture.present("date", default: "2026-02-30")
        }
        #expect(
            throws: PickerError.unknownKind("colour", known: BuiltInKind.allCases.map(\.name))
        ) {
            try fixture.present("colour")
        }
        #expect(fixture.model.openWindowCount == 0 && fixture.events().isEmpty)
    }

    @Test func windowLimitIsEnforced() throws {
        let fixture = ModelFixture {
            $0.maxWindows = 2
            $0.exemptUIDs = [ModelFixture.alice.peer.uid]
        }
        try fixture.expectRefused(
            afterPresenting: 2,
            .limitReached(
                "the daemon already holds 2 windows, its limit (limits.max_windows); dismiss some first",
                limit: .maxWindows))
    }

    @Test func outcomesAreRetainedForAWhile() throws {
        let fixture = ModelFixture { $0.retentionMilliseconds = 10_000 }
        let id = try fixture.present()
        _ = try fixture.model.cancel(window: id, by: ModelFixture.bob)
        #expect(fixture.model.nextWakeup == fixture.clock.now().adding(milliseconds: 10_000))
        fixture.clock.advance(milliseconds: 9_999)
        #expect(fixture.model.history().map(\.window) == [id])
        fixture.clock.advance(milliseconds: 1)
        fixture.model.fireDueTimers()
        #expect(fixture.model.lookup(id) == .unknown)
        #expect(fixture.model.history().isEmpty)
        #expect(fixture.model.nextWakeup == nil)
    }

    @Test func historyIsNewestFirstAndBoundedByMaxOutcomes() throws {
        let fixture = ModelFixture { $0.maxOutcomes = 3 }
        for number in 1...5 {
            let id = try fixture.present()
            fixture.clock.advance(milliseconds: 10)
            _ = try fixture.model.submit(window: id, value: .string("v\(number)"), by: ModelFixture.bob)
        }
        #expect(fixture.model.history().map(\.value) == ["v5", "v4", "v3"])
        #expect(fixture.model.history(limit: 2).count == 2)
        #expect(fixture.model.history(window: WindowID("w4")).map(\.value) == ["v4"])
        #expect(fixture.model.lookup(WindowID("w1")) == .unknown)
    }

    @Test func idsAreNeverReused() throws {
        let fixture = ModelFixture()
        let first = try fixture.present()
        _ = try fixture.model.cancel(window: first, by: ModelFixture.bob)
        #expect(try fixture.present() == WindowID("w2"))
        let restored = PickerModel(
            levels: try LevelTable(), plugins: .builtIn, clock: fixture.clock, idRandomness: nil, firstWindowNumber: 41)
        #expect(try restored.present(Present(kind: "text"), owner: ModelFixture.alice).window == WindowID("w41"))
    }

    @Test func secureValuesStayOutOfEventsListingsAndHistory() throws {
        let fixture = ModelFixture()
        let id = try fixture.present(options: ["secure": true, "initial": "hunter1"])
        #expect(try fixture.model.details(window: id).value == nil)
        #expect(try fixture.model.details(window: id).options["initial"] == nil)
        _ = try fixture.model.update(window: id, value: "hunter2")
        let outcome = try fixture.model.submit(window: id, value: "hunter2", by: ModelFixture.bob)
        #expect(outcome.value == "hunter2", "the submitter and waiters get the value")
        #expect(outcome.visibleValue == nil)
        #expect(outcome.json(revealingValue: false)["value"] == nil)
        #expect(fixture.model.history().first?.json(revealingValue: false)["value"] == nil)
        let everything = fixture.model.takeEvents().map { JSON.object($0.fields).serialized() }.joined()
        #expect(!everything.contains("hunter"))
    }

    @Test func updateSetsTheLiveValue() throws {
        let fixture = ModelFixture()
        let id = try fixture.present("custom", options: ["columns": [["prod", "staging"], ["us", "eu"]]])
        #expect(try fixture.model.details(window: id).value == ["prod", "us"])
        _ = fixture.events()
        _ = try fixture.model.update(window: nil, value: [1, "eu"])
        #expect(try fixture.model.details(window: id).value == ["staging", "eu"])
        let changed = fixture.model.takeEvents()
        #expect(changed.map(\.kind) == [.changed] && changed[0].fields["value"] == ["staging", "eu"])
    }

    @Test func aCancelRoleActionCancels() throws {
        let fixture = ModelFixture()
        let options: JSONObject = ["actions": [["label": "Save"], ["label": "Never mind", "role": "cancel"]]]
        let id = try fixture.present("actions", options: options)
        let outcome = try fixture.model.submit(window: id, value: "Never mind", by: ModelFixture.bob)
        #expect(outcome.reason == .cancelled && outcome.value == ["index": 1, "label": "Never mind"])
    }

    @Test func ownerGoneDismissesOrKeepsPerPolicy() throws {
        let fixture = ModelFixture { $0.reattachMilliseconds = 0 }
        let dismissing = try fixture.present(onDisconnect: .dismiss)
        let keeping = try fixture.present(onDisconnect: .keep)
        let otherOwner = Owner(peer: ModelFixture.bob, connection: ConnectionID(2))
        let unrelated = try fixture.present(onDisconnect: .dismiss, owner: otherOwner)
        fixture.model.connectionClosed(ConnectionID(1))
        guard case .dismissed(let outcome) = fixture.model.lookup(dismissing) else {
            Issue.record("dismiss-on-disconnect window still open")
            return
        }
        #expect(outcome.reason == .ownerGone)
        #expect(fixture.model.list().windows.map(\.window) == [unrelated, keeping])
        fixture.clock.advance(milliseconds: 86_400_000)
        fixture.model.fireDueTimers()
        #expect(fixture.model.openWindowCount == 2, "grace 0 keeps windows forever")
    }

    @Test func aDismissWindowWaitsForItsAskerToComeBack() throws {
        let fixture = ModelFixture()
        let left = try fixture.present(onDisconnect: .dismiss)
        let adopted = try fixture.present(onDisconnect: .dismiss)
        fixture.model.connectionClosed(ConnectionID(1))
        fixture.pass(milliseconds: 4999)
        #expect(fixture.model.openWindowCount == 2, "both wait reattach_ms for their asker")
        fixture.model.reattach(left, to: ConnectionID(8), uid: ModelFixture.bob.uid)
        fixture.model.reattach(adopted, to: ConnectionID(7), uid: ModelFixture.alice.peer.uid)
        fixture.pass(milliseconds: 1)
        #expect(fixture.reason(of: left) == .ownerGone, "another user's wait adopts nothing")
        #expect(fixture.model.list().windows.map(\.window) == [adopted], "adopted by its owner's new connection")
        fixture.pass(milliseconds: 86_400_000)
        #expect(fixture.model.openWindowCount == 1)
        fixture.model.connectionClosed(ConnectionID(7))
        fixture.pass(milliseconds: 5000)
        #expect(fixture.reason(of: adopted) == .ownerGone, "the adopting connection closing starts the wait again")
    }

    @Test func ownerGracePeriodEndsKeptWindows() throws {
        let fixture = ModelFixture { $0.ownerGraceMilliseconds = 5000 }
        let id = try fixture.present(timeout: 60_000)
        fixture.model.connectionClosed(ConnectionID(1))
        fixture.pass(milliseconds: 4999)
        #expect(fixture.model.openWindowCount == 1)
        fixture.pass(milliseconds: 1)
        #expect(fixture.reason(of: id) == .ownerGone, "the grace period ended the window")
        #expect(fixture.model.counters[.ownerGone] == 1)
    }

    @Test func shutdownDismissesEverything() throws {
        let fixture = ModelFixture()
        let id = try fixture.present()
        _ = fixture.model.dismissAll(by: nil, reason: .shutdown)
        guard case .dismissed(let outcome) = fixture.model.lookup(id) else {
            Issue.record("window survived shutdown")
            return
        }
        #expect(outcome.reason == .shutdown && outcome.by == nil)
    }

    @Test func wireFormsOfSummaryDetailsAndOutcome() throws {
        let fixture = ModelFixture()
        let id = try fixture.present(level: .alert, timeout: 1000, title: "Name?")
        let details = try fixture.model.details(window: id)
        let now = fixture.clock.now()
        #expect(
            details.json.serialized()
                == #"{"window":"w1","kind":"text","title":"Name?","level":2000,"level_name":"alert","state":"visible","key":true,"deadline":"\#(now.adding(milliseconds: 1000).rfc3339)","created_at":"\#(now.rfc3339)","owner":{"uid":1000,"pid":42},"options":{"min_length":0,"max_length":4096,"secure":false,"multiline":false,"trim":false}}"#
        )
        let outcome = try fixture.model.submit(window: id, value: "Ada", by: ModelFixture.bob)
        #expect(
            outcome.json(revealingValue: true).serialized()
                == #"{"window":"w1","reason":"submitted","value":"Ada","by":{"uid":1001,"pid":77},"at":"\#(now.rfc3339)"}"#
        )
    }
}
