import PickerCore
import PickerJSON
import PickerProtocol
import Testing

@Suite struct ReconfigureTests {
    @Test func newLimitsAndLevelNamesApplyFromNowOn() throws {
        let fixture = ModelFixture()
        let id = try fixture.present(level: Level(3000)!)
        _ = try fixture.model.cancel(window: id, by: ModelFixture.bob)
        var configuration = fixture.model.configuration
        configuration.maxWindows = 1
        configuration.retentionMilliseconds = 0
        fixture.model.reconfigure(configuration, levels: try LevelTable(extra: ["critical": 3000]))
        #expect(fixture.model.lookup(id) == .unknown, "a shorter retention drops old outcomes")
        let next = try fixture.present(level: Level(3000)!)
        #expect(fixture.model.list().windows.first?.levelName == "critical")
        #expect(fixture.model.openWindowCount(presentedOver: ConnectionID(1)) == 1)
        #expect(throws: PickerError.self) { try fixture.present() }
        _ = next
    }
}
