import PickerClient
import PickerTestSupport
import Testing

/// `snapshot`: the stack as `pickerctl ui`, the web page and `pickerctl
/// notify` read it, from a real pickerd.
@Suite(.tags(.process)) struct StackSnapshotTests {
    @Test func aSnapshotHasTheStackTheContentsAskedForAndQuietHours() async throws {
        let daemon = try PickerClientTests.daemon()
        let client = try PickerClient.connect(socketPath: daemon.socketPath)
        defer { client.close() }
        let waiting = try await client.present(
            Presentation(kind: "text", title: "Held", options: JSONObject([TextOption.initial: "draft"])))
        let secret = try await client.present(
            Presentation(kind: "text", title: "Secret", level: "alert", options: JSONObject([TextOption.secure: true])))
        _ = try await client.update(window: secret.window, value: "hunter2")
        _ = try await client.quiet(below: "statusBar")

        let all = try await client.snapshot(contents: .all)
        #expect(all.windows.map(\.window) == [secret.window, waiting.window] && all.key?.window == secret.window)
        #expect(all.quiet?.below == .statusBar && all.waitingWindows == 1)
        #expect(
            all.details(of: waiting.window)?.value == "draft"
                && all.details(of: waiting.window)?.summary.state == .waiting)
        let shown = try #require(all.details(of: secret.window))
        #expect(shown.summary.title == "Secret" && shown.value == nil, "a secure value is not read back")

        let key = try await client.snapshot(contents: .key)
        #expect(key.list == all.list && Array(key.contents.keys) == [secret.window])
        let summaries = try await client.snapshot(contents: .none)
        #expect(summaries.list == all.list && summaries.contents.isEmpty && summaries.quiet == all.quiet)

        try await client.quietOff()
        _ = try await client.dismissAll()
        let empty = try await client.snapshot()
        #expect(empty.windows.isEmpty && empty.key == nil && empty.quiet == nil && empty.waitingWindows == 0)
    }
}
