import Foundation
import PickerClient
import PickerJSON
import PickerProtocol
import PickerTestSupport
import Testing

@Suite(.tags(.process)) struct PickerClientTests {
    /// A daemon that keeps an idle connection for an hour. These tests are
    /// async: under a sanitizer, the synchronous tests beside them can hold
    /// the few threads Swift's concurrency shares for minutes, and a test
    /// that connected may resume only after pickerd's five-minute idle
    /// timeout closed its connection. The idle timeout has tests of its own.
    static func daemon(_ config: String = "{}", home: TestDirectory? = nil) throws -> DaemonProcess {
        var object = try JSON.parse(config).objectValue ?? [:]
        var limits = object["limits"]?.objectValue ?? [:]
        limits["idle_timeout_ms"] = 3_600_000
        object["limits"] = .object(limits)
        return try DaemonProcess(config: JSON.object(object).serialized(), home: home)
    }

    @Test func connectsAndGreets() async throws {
        let daemon = try Self.daemon()
        let client = try PickerClient.connect(socketPath: daemon.socketPath)
        defer { client.close() }
        let hello = try await client.hello(client: "tests")
        #expect(hello.server == "pickerd")
        try await client.ping()
        #expect(try await client.plugins().count == BuiltInKind.allCases.count)
    }

    @Test func presentAndWaitIsAnsweredByAnotherClient() async throws {
        let daemon = try Self.daemon()
        let asker = try PickerClient.connect(socketPath: daemon.socketPath)
        let answerer = try PickerClient.connect(socketPath: daemon.socketPath)
        async let outcome = asker.presentAndWait(
            Presentation(kind: "date", title: "Deploy", options: ["initial": "2026-03-10"]))
        var key: WindowID?
        try await eventually("the window to take the key") {
            key = try await answerer.list().key
            return key != nil
        }
        let window = try #require(key)
        #expect(try await answerer.get(window: window).value == "2026-03-10")
        let submitted = try await answerer.submit(value: "2026-03-04")
        let received = try await outcome
        #expect(received.reason == .submitted && received.value == "2026-03-04" && received.window == window)
        #expect(received == submitted)
    }

    @Test func eventsArriveAsAnAsyncSequenceInOrder() async throws {
        let daemon = try Self.daemon()
        let watcher = try PickerClient.connect(socketPath: daemon.socketPath)
        let events = try await watcher.subscribe(events: ["window."])
        let client = try PickerClient.connect(socketPath: daemon.socketPath)
        let window = try await client.present(Presentation(kind: "text", level: "alert"))
        #expect(window.isKey && window.levelName == "alert")
        _ = try await client.submit(window: window.window, value: "done")
        var received: [Event] = []
        for await event in events {
            received.append(event)
            if event.type == .resignedKey { break }
        }
        #expect(
            received.map(\.type.rawValue) == [
                "window.presented", "window.key", "window.dismissed", "window.resigned_key",
            ])
        #expect(received.allSatisfy { $0.window == window.window && $0.subscription == events.id })
        #expect(zip(received, received.dropFirst()).allSatisfy { $1.seq == $0.seq + 1 })
        #expect(received[2].params["value"] == "done")
        try await watcher.unsubscribe(events)
    }

    @Test func errorsCarryTheProtocolCodeAndMessage() async throws {
        let daemon = try Self.daemon()
        let client = try PickerClient.connect(socketPath: daemon.socketPath)
        let window = try await client.present(Presentation(kind: "date"))
        do {
            _ = try await client.submit(window: window.window, value: "2026-02-30")
            Issue.record("an impossible date was accepted")
        } catch {
            #expect(error.code == .invalidParams)
            #expect(
                error
                    == .rpc(
                        RPCError(
                            .invalidParams, "2026-02-30 is not a date: February 2026 has 28 days",
                            data: ["field": "value"])))
        }
        await #expect(throws: PickerClientError.self) {
            try await client.wait(window: window.window, timeoutMilliseconds: 100)
        }
        do {
            _ = try await client.wait(window: window.window, timeoutMilliseconds: 100)
        } catch {
            #expect(error.code == .waitTimedOut)
        }
        do {
            _ = try await client.raise(window: WindowID("w404"))
        } catch {
            #expect(error.code == .noSuchWindow)
        }
        #expect(throws: PickerClientError.self) {
            try PickerClient.connect(socketPath: daemon.directory.path + "/none.sock")
        }
        do {
            _ = try PickerClient.connect(socketPath: daemon.directory.path + "/none.sock")
        } catch {
            guard case .unreachable = error else {
                Issue.record("expected unreachable, got \(error)")
                return
            }
        }
    }

    @Test func managingCallsAreTyped() async throws {
        let daemon = try Self.daemon()
        let client = try PickerClient.connect(socketPath: daemon.socketPath)
        let a = try await client.present(Presentation(kind: "text", tag: "first"))
        let b = try await client.present(Presentation(kind: "text", hidden: true))
        #expect(try await client.raise(window: a.window).isKey)
        #expect(try await client.show(window: b.window).isKey == false, "a was raised above b")
        #expect(try await client.hide(window: b.window).state == .hidden)
        #expect(try await client.setLevel(window: a.window, to: 1000).levelName == "statusBar")
        #expect(try await client.lower(window: a.window).window == a.window)
        #expect(try await client.update(window: a.window, value: "draft").window == a.window)
        let list = try await client.list()
        #expect(
            list.key == a.window && list.windows.map(\.window) == [a.window, b.window]
                && list.windows.first?.tag == "first")
        #expect(try await client.dismiss(level: "normal") == [b.window])
        #expect(try await client.cancel().reason == .cancelled)
        #expect(try await client.history().map(\.window) == [a.window, b.window])
        #expect(try await client.status().counters[.cancelled] == 1)
        #expect(try await client.dismissAll().isEmpty)
        try await client.reload()
    }

    @Test func aDaemonThatGoesAwayEndsCallsAndStreams() async throws {
        let daemon = try Self.daemon(#"{"state": {"durability": "memory"}}"#)
        let client = try PickerClient.connect(socketPath: daemon.socketPath)
        let events = try await client.subscribe()
        async let waiting = client.presentAndWait(Presentation(kind: "text"))
        for await event in events where event.type == .key { break }
        daemon.stop()
        let outcome = try await waiting
        #expect(outcome.reason == .shutdown, "memory state: the window ends with the daemon")
        var more = 0
        for await _ in events { more += 1 }
        #expect(more >= 1, "the dismissal arrives, then the stream ends")
        await #expect(throws: PickerClientError.self) { try await client.ping() }
    }

    /// What `pickerctl ui`, `pickerctl notify` and pickerweb follow pickerd
    /// with: events while it runs, the loss when it goes (that connection
    /// closed), a new subscribed connection when it is back, and nothing left
    /// open once the stream is dropped.
    @Test func followingGoesOnAcrossARestartOfPickerd() async throws {
        let home = try TestDirectory()
        var daemon = try Self.daemon(home: home)
        var following: AsyncStream<Following>? = PickerClient.following(
            socketPath: daemon.socketPath, retryingEvery: .milliseconds(50))
        var steps = following!.makeAsyncIterator()
        guard case .connected(let first)? = await steps.next() else { Issue.record("not connected first"); return }
        let asker = try PickerClient.connect(socketPath: daemon.socketPath)
        let window = try await asker.present(Presentation(kind: "text", title: "Followed"))
        guard case .event(let event)? = await steps.next() else { Issue.record("no event for the window"); return }
        #expect(event.type == .presented && event.window == window.window)

        daemon.kill9()
        var lost = false
        while !lost, let step = await steps.next() {
            if case .disconnected = step { lost = true }  // after the window's other events
        }
        #expect(lost, "the loss is said")
        await #expect(throws: PickerClientError.self) { try await first.ping() }
        daemon = try Self.daemon(home: home)
        var again: PickerClient?
        while again == nil, let step = await steps.next() {
            switch step {
            case .connected(let client): again = client
            case .disconnected: continue  // tried while pickerd was still starting
            case .event: Issue.record("an event before the connection was said")
            }
        }
        let client = try #require(again)
        let watcher = try PickerClient.connect(socketPath: daemon.socketPath)
        defer { watcher.close() }
        #expect(try await watcher.status().subscriptions == 1, "the new connection is subscribed")

        // Dropping the stream closes its connection.
        following = nil
        steps = AsyncStream<Following>.makeStream().stream.makeAsyncIterator()
        await #expect(throws: PickerClientError.self) {
            try await eventually("the dropped stream's connection to close") {
                try await client.ping()
                return false
            }
        }
        // The client saw its side close; pickerd sees the close on its own turn.
        try await eventually("pickerd to drop the closed connection's subscription") {
            try await watcher.status().subscriptions == 0
        }
    }

    /// The person's Cancel can come before a progress window's first update
    /// (`--percentage`): setting the start is then no error, and the wait
    /// gives the cancel (pickerd-zenity exited 255 here, under load).
    @Test func aProgressCancelledBeforeItsStartIsNoError() async throws {
        let daemon = try Self.daemon()
        let asker = try PickerClient.connect(socketPath: daemon.socketPath)
        let person = try PickerClient.connect(socketPath: daemon.socketPath)
        defer {
            asker.close()
            person.close()
        }
        let shown = try await asker.present(Presentation(kind: BuiltInKind.progress.name, title: "Copying"))
        _ = try await person.cancel(window: shown.window)
        let start = ProgressState(percent: 20)
        await #expect(throws: PickerClientError.self) {
            try await asker.update(window: shown.window, value: start.json)
        }
        try await asker.start(start, of: shown.window)
        #expect(try await asker.wait(window: shown.window).reason == .cancelled)
    }
}
