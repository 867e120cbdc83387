import PickerCore
import PickerJSON
import PickerProtocol
import Testing

/// Quiet hours in the model, on the manual clock: windows below the level
/// wait and are never key, windows at or above it break through.
@Suite struct QuietHoursTests {
    func states(_ fixture: ModelFixture) -> [WindowState] {
        fixture.model.list().windows.map(\.state)
    }

    @Test func windowsBelowTheLevelWaitAndAreNeverKey() throws {
        let fixture = ModelFixture()
        let normal = try fixture.present()
        let status = try fixture.present(level: .statusBar)
        _ = fixture.events()
        let quietHours = try fixture.model.startQuietHours(below: .alert, until: nil)
        #expect(quietHours == QuietHours(below: .alert, belowName: "alert"))
        #expect(fixture.model.keyWindow == nil)
        #expect(fixture.model.list().key == nil)
        #expect(states(fixture) == [.waiting, .waiting])
        #expect(fixture.model.list().windows.allSatisfy { !$0.isKey })
        #expect(
            fixture.events() == ["quiet.changed -", "window.resigned_key \(status)"],
            "quiet.changed first, then the key moves")
        #expect(fixture.model.visibleCount == 0 && fixture.model.waitingCount == 2 && fixture.model.hiddenCount == 0)
        #expect(throws: PickerError.noSuchWindow(nil)) {
            try fixture.model.submit(window: nil, value: "x", by: ModelFixture.bob)
        }

        fixture.model.endQuietHours()
        #expect(fixture.model.keyWindow == status)
        #expect(states(fixture) == [.visible, .visible])
        #expect(fixture.events() == ["quiet.changed -", "window.key \(status)"])
        #expect(fixture.model.waitingCount == 0 && fixture.model.visibleCount == 2)
        fixture.model.endQuietHours()
        #expect(fixture.events().isEmpty, "ending quiet hours that are off changes nothing")
        _ = normal
    }

    @Test func anAlertBreaksThroughAndAWindowAtTheLevelToo() throws {
        let fixture = ModelFixture()
        let normal = try fixture.present()
        try fixture.model.startQuietHours(below: .statusBar, until: nil)
        let status = try fixture.present(level: .statusBar)
        #expect(fixture.model.keyWindow == status, "a window at the quiet level breaks through")
        let alert = try fixture.present(level: .alert)
        #expect(fixture.model.keyWindow == alert)
        #expect(fixture.order == [alert, status, normal])
        #expect(states(fixture) == [.visible, .visible, .waiting])
        _ = fixture.events()
        _ = try fixture.model.dismiss(window: alert, by: ModelFixture.bob)
        _ = try fixture.model.dismiss(window: status, by: ModelFixture.bob)
        #expect(fixture.model.keyWindow == nil, "the waiting window does not become key when the others end")
        #expect(
            fixture.events() == [
                "window.dismissed \(alert)", "window.resigned_key \(alert)", "window.key \(status)",
                "window.dismissed \(status)", "window.resigned_key \(status)",
            ])
    }

    @Test func aWindowPresentedDuringQuietHoursStartsWaiting() throws {
        let fixture = ModelFixture()
        try fixture.model.startQuietHours(below: .alert, until: nil)
        _ = fixture.events()
        let summary = try fixture.model.present(Present(kind: "text"), at: .normal, owner: ModelFixture.alice)
        #expect(summary.state == .waiting && !summary.isKey)
        let presented = try #require(fixture.model.takeEvents().first)
        #expect(
            presented.kind == .presented && presented.fields["state"] == "waiting" && presented.fields["key"] == false)
        #expect(fixture.model.takeEvents().isEmpty, "no key event: the key did not change")
    }

    @Test func quietHoursEndByThemselvesOnTheClock() throws {
        let fixture = ModelFixture()
        let window = try fixture.present()
        let until = fixture.clock.now().adding(milliseconds: 60_000)
        try fixture.model.startQuietHours(below: .alert, until: until)
        #expect(fixture.model.nextWakeup == until)
        _ = fixture.events()
        fixture.pass(milliseconds: 59_999)
        #expect(fixture.model.quietHours?.until == until && fixture.model.keyWindow == nil)
        fixture.pass(milliseconds: 1)
        #expect(fixture.model.quietHours == nil)
        #expect(fixture.model.keyWindow == window)
        let events = fixture.model.takeEvents()
        #expect(events.map(\.kind) == [.quietChanged, .key])
        #expect(events.first?.window == nil && events.first?.payload == .quietChanged(nil))
        #expect(events.first?.fields == ["off": true])
        #expect(fixture.model.nextWakeup == nil)
    }

    @Test func waitingWindowsKeepTheirDeadlines() throws {
        let fixture = ModelFixture()
        let timed = try fixture.present(timeout: 5000, default: "late")
        let other = try fixture.present()
        try fixture.model.startQuietHours(below: .alert, until: fixture.clock.now().adding(milliseconds: 10_000))
        _ = fixture.events()
        fixture.pass(milliseconds: 5000)
        #expect(fixture.reason(of: timed) == .timeout, "a script's timeout still applies while its window waits")
        #expect(fixture.events() == ["window.dismissed \(timed)"])
        let later = try fixture.present(timeout: 8000)
        _ = fixture.events()
        // One wakeup long after both: the end of quiet hours (at 10 s) came
        // before the timeout (at 13 s), and the events say so in that order.
        fixture.pass(milliseconds: 20_000)
        #expect(
            fixture.events() == [
                "quiet.changed -", "window.key \(later)", "window.dismissed \(later)", "window.resigned_key \(later)",
                "window.key \(other)",
            ])
    }

    @Test func setLevelAcrossTheQuietLevelAndHideAndShow() throws {
        let fixture = ModelFixture()
        let window = try fixture.present()
        try fixture.model.startQuietHours(below: .alert, until: nil)
        _ = fixture.events()
        let raised = try fixture.model.setLevel(window: window, to: .alert)
        #expect(raised.state == .visible && raised.isKey)
        #expect(fixture.events() == ["window.reordered \(window)", "window.key \(window)"])
        let lowered = try fixture.model.setLevel(window: window, to: .statusBar)
        #expect(lowered.state == .waiting && !lowered.isKey)
        #expect(fixture.events() == ["window.reordered \(window)", "window.resigned_key \(window)"])
        #expect(try fixture.model.hide(window: window).state == .hidden)
        #expect(fixture.model.waitingCount == 0 && fixture.model.hiddenCount == 1)
        #expect(try fixture.model.show(window: window).state == .waiting, "shown again, it waits")
        #expect(try fixture.model.raise(window: window).state == .waiting)
        #expect(fixture.model.waitingCount == 1 && fixture.model.keyWindow == nil)
    }

    @Test func changingQuietHoursMovesTheKeyAndTheSameSettingChangesNothing() throws {
        let fixture = ModelFixture()
        let normal = try fixture.present()
        let status = try fixture.present(level: .statusBar)
        try fixture.model.startQuietHours(below: .alert, until: nil)
        _ = fixture.events()
        try fixture.model.startQuietHours(below: .alert, until: nil)
        #expect(fixture.events().isEmpty)
        try fixture.model.startQuietHours(below: .statusBar, until: nil)
        #expect(fixture.model.keyWindow == status && states(fixture) == [.visible, .waiting])
        #expect(fixture.events() == ["quiet.changed -", "window.key \(status)"])
        try fixture.model.startQuietHours(below: Level(-5)!, until: nil)
        #expect(fixture.model.quietHours?.belowName == nil && states(fixture) == [.visible, .visible])
        _ = normal
    }

    @Test func anEndThatIsNotLaterThanNowIsRefused() throws {
        let fixture = ModelFixture()
        #expect {
            try fixture.model.startQuietHours(below: .alert, until: fixture.clock.now())
        } throws: { error in
            guard case .invalidParams(let message, let field) = error as? PickerError else { return false }
            return field == "until" && message.hasPrefix("until must be later than now")
        }
        #expect(fixture.model.quietHours == nil && fixture.model.takeEvents().isEmpty)
    }

    @Test func restoredQuietHoursHoldTheRestoredStackOrEndIfTheirTimePassed() throws {
        let fixture = ModelFixture()
        let until = fixture.clock.now().adding(milliseconds: 1000)
        let counters = ModelCounters()
        fixture.model.restore(
            windows: [], outcomes: [], counters: counters, quietHours: QuietHours(below: .alert, until: until))
        #expect(
            fixture.model.quietHours == QuietHours(below: .alert, belowName: "alert", until: until),
            "the name comes from the level table")
        let window = try fixture.present()
        #expect(fixture.model.keyWindow == nil)
        #expect(!fixture.events().contains("quiet.changed -"), "restoring changes nothing to announce")

        let later = ModelFixture()
        later.clock.set(until.adding(milliseconds: 5))
        later.model.restore(
            windows: [], outcomes: [], counters: counters, quietHours: QuietHours(below: .alert, until: until))
        later.model.fireDueTimers()
        #expect(later.model.quietHours == nil)
        #expect(later.events() == ["quiet.changed -"])
        _ = window
    }
}
