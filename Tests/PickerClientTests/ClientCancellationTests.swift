import Foundation
import PickerClient
import PickerTestSupport
import Testing

/// A cancelled call returns at once with `.cancelled` and withdraws its
/// request: the window it presented is dismissed. Against a real pickerd.
@Suite(.tags(.process)) struct ClientCancellationTests {
    @Test func aCancelledPresentAndWaitReturnsAtOnceAndDismissesItsWindow() async throws {
        let daemon = try PickerClientTests.daemon()
        let asker = try PickerClient.connect(socketPath: daemon.socketPath)
        let watcher = try PickerClient.connect(socketPath: daemon.socketPath)
        defer { asker.close(); watcher.close() }
        var events = try await watcher.subscribe(events: ["window.presented", "window.dismissed"]).makeAsyncIterator()
        let asking = Task { try await asker.presentAndWait(Presentation(kind: "text", title: "Given up")) }
        let presented = try #require(await events.next())
        #expect(presented.type == .presented)

        // Uncancelled, the call would wait for ever: the window has no timeout.
        asking.cancel()
        let result = try #require(
            await Self.result(of: asking, within: .seconds(120)), "the cancelled call did not return")
        #expect(throws: PickerClientError.cancelled) { try result.get() }

        let dismissed = try #require(await events.next())
        #expect(dismissed.type == .dismissed && dismissed.window == presented.window)
        guard case .dismissed(let outcome) = dismissed.payload else {
            Issue.record("not an outcome: \(dismissed)"); return
        }
        #expect(outcome.reason == .dismissed && outcome.by?.pid == getpid())
        #expect(try await watcher.list().windows.isEmpty)
        try await asker.ping()  // the connection goes on
    }

    /// Cancelled while pickerd is still checking the present (an external
    /// plugin holds its default), the call returns at once; the window
    /// pickerd opens afterwards is dismissed as its answer comes.
    @Test func aPresentCancelledBeforeItsAnswerDismissesTheWindowOnceItIsOpened() async throws {
        let home = try TestDirectory()
        let presets = home.url.appendingPathComponent("plugins.d")
        try FileManager.default.createDirectory(at: presets, withIntermediateDirectories: true)
        let asked = home.url.appendingPathComponent("asked").path
        let release = home.url.appendingPathComponent("release").path
        // Says it was asked, then answers once the test lets it.
        let program = """
            #!/bin/sh
            while IFS= read -r line; do
                touch '\(asked)'
                while [ ! -e '\(release)' ]; do sleep 0.01; done
                id=$(printf '%s\\n' "$line" | sed -n 's/^{"id":\\([0-9]*\\),.*/\\1/p')
                printf '{"id":%s,"value":"held"}\\n' "$id"
            done
            """
        let script = presets.appendingPathComponent("hold")
        try program.write(to: script, atomically: true, encoding: .utf8)
        chmod(script.path, 0o755)
        try #"{"kind": "held", "base": "text", "exec": ["hold"]}"#.write(
            to: presets.appendingPathComponent("held.json"), atomically: true, encoding: .utf8)
        let daemon = try PickerClientTests.daemon(#"{"plugins": {"timeout_ms": 120000}}"#, home: home)
        let asker = try PickerClient.connect(socketPath: daemon.socketPath)
        let watcher = try PickerClient.connect(socketPath: daemon.socketPath)
        defer { asker.close(); watcher.close() }
        var events = try await watcher.subscribe(events: ["window.presented", "window.dismissed"]).makeAsyncIterator()

        let asking = Task { try await asker.present(Presentation(kind: "held", title: "Held", defaultValue: "x")) }
        // pickerd starts the plugin program for the present: in a whole
        // parallel run that start, and the asking task's turn on the pool,
        // can take far longer than a wait on pickerd alone.
        // The async wait: the synchronous one would hold a pool thread the asking task needs.
        try await eventually("the plugin to be asked", timeout: 180) { () async in
            FileManager.default.fileExists(atPath: asked)
        }
        asking.cancel()
        let result = try #require(
            await Self.result(of: asking, within: .seconds(120)), "the cancelled call did not return")
        #expect(throws: PickerClientError.cancelled) { try result.get() }
        #expect(try await watcher.list().windows.isEmpty, "no window yet: the plugin holds it")

        #expect(FileManager.default.createFile(atPath: release, contents: nil))
        let presented = try #require(await events.next())
        let dismissed = try #require(await events.next())
        #expect(presented.type == .presented && dismissed.type == .dismissed && dismissed.window == presented.window)
        guard case .dismissed(let outcome) = dismissed.payload else {
            Issue.record("not an outcome: \(dismissed)"); return
        }
        #expect(outcome.reason == .dismissed && outcome.by?.pid == getpid())
    }

    /// A call in a task cancelled before it starts is never sent.
    @Test func aCallOfACancelledTaskSendsNothing() async throws {
        let daemon = try PickerClientTests.daemon()
        let client = try PickerClient.connect(socketPath: daemon.socketPath)
        defer { client.close() }
        let asking = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await client.present(Presentation(kind: "text", title: "Never shown"))
        }
        await #expect(throws: PickerClientError.cancelled) { try await asking.value }
        #expect(try await client.status().counters.presented == 0)
    }

    /// A wait on someone else's window, cancelled, leaves the window open
    /// (unless the waiter asks for `dismissingOnCancel`).
    @Test func aCancelledWaitLeavesAWindowItDidNotPresentOpen() async throws {
        let daemon = try PickerClientTests.daemon()
        let owner = try PickerClient.connect(socketPath: daemon.socketPath)
        let waiter = try PickerClient.connect(socketPath: daemon.socketPath)
        defer { owner.close(); waiter.close() }
        let window = try await owner.present(Presentation(kind: "text", title: "Still asked")).window
        let waiting = Task { try await waiter.wait(window: window) }
        waiting.cancel()
        let result = try #require(
            await Self.result(of: waiting, within: .seconds(30)), "the cancelled wait did not return")
        #expect(throws: PickerClientError.cancelled) { try result.get() }
        #expect(try await owner.list().windows.map(\.window) == [window], "the window is still asked")
    }

    /// `task`'s result, or nil when it has not ended within `limit`.
    static func result<Value: Sendable>(of task: Task<Value, any Error>, within limit: Duration) async -> Result<
        Value, any Error
    >? {
        let (results, continuation) = AsyncStream<Result<Value, any Error>?>.makeStream()
        Task { continuation.yield(await task.result) }
        let timer = Task {
            // Not a wait of the test's: the deadline racing `task`, cancelled when it returns first.
            try? await Task.sleep(for: limit)
            continuation.yield(nil)
        }
        defer { timer.cancel() }
        for await first in results { return first }
        return nil
    }
}
