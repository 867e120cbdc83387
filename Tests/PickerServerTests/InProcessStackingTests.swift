import PickerJSON
import PickerProtocol
import PickerServerTesting
import PickerTestSupport
import Testing

/// PROTOCOL.md's stacking rules, seen through `list` and the event stream of
/// the embedded daemon.
@Suite struct InProcessStackingTests {
    @Test func levelsRecencyAndKeyChanges() throws {
        let daemon = try EmbeddedDaemon()
        let watcher = try EmbeddedConnection(daemon)
        _ = try watcher.call(
            Subscribe(events: [
                "window.key", "window.resigned_key", "window.reordered", "window.hidden", "window.shown",
            ]))
        let client = try EmbeddedConnection(daemon)
        var ids: [WindowID] = []
        for level: LevelSpec in ["normal", "normal", "alert", "statusBar"] {
            ids.append(try client.presentWindow(Present(kind: "text", level: level)).window)
        }
        let (first, second, alert, status) = (ids[0], ids[1], ids[2], ids[3])
        func order() throws -> [WindowID] { try client.call(List()).windows.map(\.window) }
        func key() throws -> WindowID? { try client.call(List()).key }
        func events(_ count: Int) throws -> [String] {
            try watcher.takeEvents(count).map {
                "\($0["type"]?.stringValue ?? "?") \($0["window"]?.stringValue ?? "?")"
            }
        }
        #expect(try order() == [alert, status, second, first])
        #expect(try key() == alert)
        #expect(
            try events(5) == [
                "window.key \(first)", "window.resigned_key \(first)", "window.key \(second)",
                "window.resigned_key \(second)", "window.key \(alert)",
            ])

        _ = try client.call(Raise(window: first))
        #expect(try order() == [alert, status, first, second])
        _ = try client.call(Lower(window: first))
        #expect(try order() == [alert, status, second, first])
        #expect(try events(2) == ["window.reordered \(first)", "window.reordered \(first)"])

        _ = try client.call(SetLevel(window: first, level: "alert"))
        #expect(try order() == [first, alert, status, second])
        #expect(try events(3) == ["window.reordered \(first)", "window.resigned_key \(alert)", "window.key \(first)"])

        _ = try client.call(Hide(window: first))
        #expect(try order() == [first, alert, status, second], "hidden keeps its place")
        #expect(try key() == alert)
        #expect(try events(3) == ["window.hidden \(first)", "window.resigned_key \(first)", "window.key \(alert)"])
        #expect(try client.call(List(includeHidden: false)).windows.count == 3)
        #expect(try client.call(List(level: "normal")).windows.map(\.window) == [second])

        _ = try client.call(Show(window: first))
        #expect(try key() == first)
        #expect(try events(3) == ["window.shown \(first)", "window.resigned_key \(alert)", "window.key \(first)"])
        #expect(daemon.invariantViolation() == nil)
    }
}
