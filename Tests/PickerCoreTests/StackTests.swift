import PickerCore
import PickerJSON
import PickerProtocol
import Testing

@Suite struct StackTests {
    @Test func levelsThenRecencyOrderTheStack() throws {
        let fixture = ModelFixture()
        let first = try fixture.present(level: .normal)
        let second = try fixture.present(level: .normal)
        let alert = try fixture.present(level: .alert)
        let status = try fixture.present(level: .statusBar)
        #expect(fixture.order == [alert, status, second, first])
        #expect(fixture.model.keyWindow == alert)
        #expect(fixture.model.list().windows.map(\.isKey) == [true, false, false, false])
        #expect(fixture.model.list().windows.map(\.levelName) == ["alert", "statusBar", "normal", "normal"])
    }

    @Test func raiseAndLowerStayWithinTheLevel() throws {
        let fixture = ModelFixture()
        let a = try fixture.present()
        let b = try fixture.present()
        let c = try fixture.present()
        let alert = try fixture.present(level: .alert)
        _ = try fixture.model.raise(window: a)
        #expect(fixture.order == [alert, a, c, b])
        _ = try fixture.model.lower(window: c)
        #expect(fixture.order == [alert, a, b, c])
        _ = try fixture.model.lower(window: alert)
        #expect(fixture.order == [alert, a, b, c], "lower never moves a window below a lower level")
        _ = try fixture.model.raise(window: c)
        #expect(fixture.order == [alert, c, a, b])
    }

    @Test func setLevelMovesToTheTopOfTheNewLevel() throws {
        let fixture = ModelFixture()
        let a = try fixture.present()
        let b = try fixture.present(level: .statusBar)
        let c = try fixture.present(level: .statusBar)
        _ = fixture.events()
        let summary = try fixture.model.setLevel(window: a, to: .statusBar)
        #expect(summary.level == .statusBar && summary.levelName == "statusBar" && summary.isKey)
        #expect(fixture.order == [a, c, b])
        #expect(fixture.events() == ["window.reordered w1", "window.resigned_key w3", "window.key w1"])
        _ = try fixture.model.setLevel(window: c, to: Level(-5)!)
        #expect(fixture.order == [a, b, c])
        #expect(fixture.model.list().windows.last?.levelName == nil)
    }

    @Test func hideAndShowKeepThePlace() throws {
        let fixture = ModelFixture()
        let a = try fixture.present()
        let b = try fixture.present()
        let c = try fixture.present()
        _ = fixture.events()
        _ = try fixture.model.hide(window: c)
        #expect(fixture.model.keyWindow == b)
        #expect(fixture.events() == ["window.hidden w3", "window.resigned_key w3", "window.key w2"])
        _ = try fixture.model.hide(window: b)
        #expect(fixture.model.keyWindow == a)
        #expect(fixture.order == [c, b, a], "hidden windows keep their place")
        #expect(fixture.model.list(includeHidden: false).windows.map(\.window) == [a])
        _ = fixture.events()
        _ = try fixture.model.show(window: b)
        #expect(fixture.model.keyWindow == b)
        #expect(fixture.events() == ["window.shown w2", "window.resigned_key w1", "window.key w2"])
        #expect(try fixture.model.hide(window: c).state == .hidden)
        #expect(fixture.events().isEmpty, "hiding a hidden window changes nothing")
    }

    @Test func aHiddenPresentIsNeverKey() throws {
        let fixture = ModelFixture()
        let a = try fixture.present()
        let hidden = try fixture.present(level: .alert, hidden: true)
        #expect(fixture.model.keyWindow == a)
        #expect(fixture.order == [hidden, a])
        #expect(fixture.events() == ["window.presented w1", "window.key w1", "window.presented w2"])
        #expect(fixture.model.visibleCount == 1 && fixture.model.hiddenCount == 1)
    }

    @Test func keyChangesEmitResignedKeyBeforeKey() throws {
        let fixture = ModelFixture()
        try fixture.present()
        try fixture.present(level: .alert)
        #expect(
            fixture.events() == [
                "window.presented w1", "window.key w1", "window.presented w2", "window.resigned_key w1",
                "window.key w2",
            ])
        _ = try fixture.model.submit(window: nil, value: "x", by: ModelFixture.bob)
        #expect(fixture.events() == ["window.dismissed w2", "window.resigned_key w2", "window.key w1"])
        _ = try fixture.model.cancel(window: nil, by: ModelFixture.bob)
        #expect(fixture.events() == ["window.dismissed w1", "window.resigned_key w1"])
        #expect(fixture.model.keyWindow == nil)
    }

    @Test func sequenceNumbersGrowByOnePerEvent() throws {
        let fixture = ModelFixture()
        for level in [Level.normal, .alert, .statusBar, .normal] { try fixture.present(level: level) }
        _ = try fixture.model.hide(window: WindowID("w2"))
        _ = fixture.model.dismissAll(by: ModelFixture.bob)
        let sequence = fixture.model.takeEvents().map(\.seq)
        #expect(sequence.count > 10)
        #expect(sequence == Array(sequence.first!...sequence.last!))
        try fixture.present()
        #expect(fixture.model.takeEvents().first?.seq == sequence.last! + 1)
    }

    @Test func presentedEventCarriesTheSummary() throws {
        let fixture = ModelFixture()
        try fixture.present(level: .alert, timeout: 5000, title: "Deploy")
        let presented = try #require(fixture.model.takeEvents().first)
        #expect(presented.kind == .presented)
        #expect(presented.fields["title"] == "Deploy")
        #expect(presented.fields["level_name"] == "alert")
        #expect(presented.fields["key"] == true)
        #expect(presented.fields["deadline"] == .string(fixture.clock.now().adding(milliseconds: 5000).rfc3339))
    }

    @Test func levelTableResolvesNamesAndIntegers() throws {
        let table = try LevelTable(extra: ["critical": 3000, "background": -10])
        #expect(try table.resolve("alert") == .alert)
        #expect(try table.resolve("critical").value == 3000)
        #expect(try table.resolve("-100000").value == -100000)
        #expect(table.name(of: Level(-10)!) == "background")
        #expect(throws: PickerError.invalidParams("level 100001 is outside [-100000, 100000]", field: "level")) {
            try table.resolve(100_001)
        }
        #expect(throws: PickerError.self) { try table.resolve("urgent") }
        do {
            _ = try table.resolve("urgent")
        } catch {
            #expect(
                error.message
                    == "unknown level 'urgent'; use one of background, normal, statusBar, alert, critical or an integer in [-100000, 100000]"
            )
        }
        #expect(throws: PickerError.self) { try LevelTable(extra: ["alert": 5]) }
        #expect(throws: PickerError.self) { try LevelTable(extra: ["huge": 200_000]) }
    }
}
