import PickerJSON
import PickerProtocol
import PickerServerTesting
import PickerTestSupport
import Testing

/// The in-process tier: the daemon's core on an embedded event loop and a
/// manual clock (`EmbeddedDaemon`), so what depends on time happens exactly
/// when the clock says, without sleeping and however slow the build.
@Suite struct InProcessTests {
    /// One connection to an embedded daemon, speaking the typed protocol.
    final class Connection {
        let daemon: EmbeddedDaemon
        let number: Int
        private var nextID: Int64 = 1
        private var unread: [UInt8] = []

        /// A connection of `uid`; by default the daemon's own user, who may do everything.
        init(_ daemon: EmbeddedDaemon, uid: UInt32? = nil) throws {
            self.daemon = daemon
            number = try uid.map { try daemon.connect(uid: $0, gid: $0) } ?? daemon.connect()
        }

        /// Sends a request; its id.
        @discardableResult
        func send<Method: PickerMethod>(_ method: Method) -> Int64 {
            let id = nextID
            nextID += 1
            let line = RPCRequest(id: .integer(id), method: Method.name, params: method.params).json.serialized()
            daemon.send(Array(line.utf8) + [0x0A], on: number)
            return id
        }

        /// The responses written so far and not yet taken, by id.
        func responses() throws -> [Int64: Result<JSON, RPCError>] {
            unread += daemon.written(on: number)
            var answers: [Int64: Result<JSON, RPCError>] = [:]
            while let newline = unread.firstIndex(of: 0x0A) {
                let message = try JSON.parse(String(decoding: unread[..<newline], as: UTF8.self))
                unread.removeFirst(newline + 1)
                if let (id, result) = RPCResponse.read(message), let number = id.integerValue { answers[number] = result }
            }
            return answers
        }

        /// A request's typed result, answered at once.
        func call<Method: PickerMethod>(_ method: Method) throws -> Method.Result {
            let id = send(method)
            let json = try #require(try responses()[id]).get()
            return try #require(Method.decode(json))
        }
    }

    @Test func aWaitTimesOutExactlyAtItsTimeout() throws {
        let daemon = try EmbeddedDaemon()
        let client = try Connection(daemon)
        guard case .window(let window) = try client.call(Present(kind: "text")) else { throw TestFailure("no window") }
        let wait = client.send(Wait(window: window.window, timeoutMilliseconds: 60_000))
        daemon.advance(milliseconds: 59_999)
        #expect(try client.responses().isEmpty, "still waiting at 59.999 s")
        daemon.advance(milliseconds: 1)
        let answer = try #require(try client.responses()[wait])
        #expect(answer.failure?.code == .waitTimedOut)
    }

    @Test func aWaitTimesOutAndTheWindowStays() throws {
        let daemon = try EmbeddedDaemon()
        let client = try Connection(daemon)
        guard case .window(let window) = try client.call(Present(kind: "text")) else { throw TestFailure("no window") }
        let wait = client.send(Wait(window: window.window, timeoutMilliseconds: 200))
        daemon.advance(milliseconds: 200)
        let error = try #require(try client.responses()[wait]?.failure)
        #expect(error.code == .waitTimedOut)
        #expect(error.message == "wait timed out after 200 ms; window \(window.window) is still open")
        #expect(try client.call(Get(window: window.window)).summary.state == .visible)
    }

    @Test func aTimeoutAppliesTheDefaultAndAnswersWaiters() throws {
        let daemon = try EmbeddedDaemon()
        let client = try Connection(daemon)
        let dated = client.send(Present(kind: "date", timeoutMilliseconds: 300, defaultValue: "2026-01-02", wait: true))
        let plain = client.send(Present(kind: "text", timeoutMilliseconds: 200, wait: true))
        daemon.advance(milliseconds: 199)
        #expect(try client.responses().isEmpty)
        daemon.advance(milliseconds: 1)
        var answers = try client.responses()
        #expect(Present.decode(try #require(answers[plain]).get()) == .outcome(
            Outcome(window: WindowID("w2"), reason: .timeout, value: nil, by: nil, at: daemon.clock.now())))
        daemon.advance(milliseconds: 100)
        answers = try client.responses()
        guard case .outcome(let outcome)? = Present.decode(try #require(answers[dated]).get()) else {
            throw TestFailure("no outcome for the date window")
        }
        #expect(outcome.reason == .timeout && outcome.value == "2026-01-02")
    }

    @Test func aPartialLineHeldTooLongClosesTheConnection() throws {
        let daemon = try EmbeddedDaemon(config: #"{"limits": {"partial_line_timeout_ms": 300}}"#)
        let partial = try Connection(daemon)
        let idle = try Connection(daemon)
        daemon.send(Array(#"{"jsonrpc":"2.0","#.utf8), on: partial.number)
        daemon.advance(milliseconds: 299)
        #expect(daemon.isOpen(partial.number))
        daemon.advance(milliseconds: 1)
        #expect(!daemon.isOpen(partial.number), "closed 300 ms after the line began")
        // A connection that is merely idle between lines stays.
        daemon.advance(milliseconds: 600)
        #expect(daemon.isOpen(idle.number))
        #expect(try idle.call(Ping()) == "pong")
    }

    /// Found in review: the rights were checked on the key window, then the
    /// model caught up, timed that window out, and answered the next one,
    /// someone else's, which the caller had no right to answer.
    @Test func anOmittedWindowIsTheKeyWindowWhoseRightsWereChecked() throws {
        let daemon = try EmbeddedDaemon(config: #"{"permissions": {"rules": [{"uid": 1000, "allow": ["present"]}]}}"#)
        let other = try Connection(daemon)
        guard case .window(let theirs) = try other.call(Present(kind: "text")) else { throw TestFailure("no window") }
        let user = try Connection(daemon, uid: 1000)
        guard case .window(let own) = try user.call(Present(kind: "text", timeoutMilliseconds: 1000)) else { throw TestFailure("no window") }
        #expect(own.isKey)
        // The model's clock passes the deadline; the loop has not woken it yet.
        daemon.clock.advance(milliseconds: 1000)
        let submit = user.send(Submit(value: "mine?"))
        let answer = try #require(try user.responses()[submit])
        #expect(answer.failure?.code == .permissionDenied, "\(answer)")
        #expect(try other.call(Get(window: theirs.window)).summary.state == .visible, "their window is untouched")
    }

    @Test func aKeptWindowEndsWhenItsOwnersGracePeriodDoes() throws {
        let daemon = try EmbeddedDaemon(config: #"{"windows": {"owner_grace_ms": 300000}}"#)
        let owner = try Connection(daemon)
        guard case .window(let window) = try owner.call(Present(kind: "text")) else { throw TestFailure("no window") }
        let watcher = try Connection(daemon)
        let wait = watcher.send(Wait(window: window.window))
        daemon.disconnect(owner.number)
        daemon.advance(milliseconds: 299_999)
        #expect(try watcher.responses().isEmpty, "kept for the five minutes of its grace period")
        daemon.advance(milliseconds: 1)
        let outcome = try #require(try watcher.responses()[wait]).get()
        #expect(Outcome(json: outcome)?.reason == .ownerGone)
    }

    @Test func onDisconnectDismissEndsTheWindowAtOnce() throws {
        let daemon = try EmbeddedDaemon()
        let owner = try Connection(daemon)
        guard case .window(let gone) = try owner.call(Present(kind: "text", onDisconnect: .dismiss)) else { throw TestFailure("no window") }
        guard case .window(let kept) = try owner.call(Present(kind: "text")) else { throw TestFailure("no window") }
        let watcher = try Connection(daemon)
        let wait = watcher.send(Wait(window: gone.window))
        daemon.disconnect(owner.number)
        #expect(Outcome(json: try #require(try watcher.responses()[wait]).get())?.reason == .ownerGone)
        #expect(try watcher.call(Get(window: kept.window)).summary.state == .visible, "keep, with no grace period, keeps it")
        #expect(daemon.invariantViolation() == nil)
    }
}
