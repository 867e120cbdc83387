import PickerJSON
import PickerProtocol
import PickerServerTesting
import PickerTestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// `wait` and `present` with `wait`: who is answered, with what, and when, on
/// the embedded daemon's manual clock.
@Suite struct InProcessWaitTests {
    @Test func presentWithWaitIsAnsweredWhenAnotherConnectionSubmits() throws {
        let daemon = try EmbeddedDaemon()
        let asker = try EmbeddedConnection(daemon)
        let id = asker.send(Present(kind: "date", options: ["initial": "2026-03-10"], wait: true))
        let answerer = try EmbeddedConnection(daemon)
        let window = try #require(try answerer.call(List()).key)
        #expect(try asker.call(Ping()) == "pong", "later requests are answered before the wait")
        #expect(try asker.responses()[id] == nil, "the wait is not answered yet")
        let submitted = try answerer.request(Submit(window: window, value: "2026-03-04")).get()
        let outcome = try #require(try asker.responses()[id]).get()
        #expect(
            outcome["reason"] == "submitted" && outcome["value"] == "2026-03-04"
                && outcome["window"] == .string(window.rawValue))
        #expect(outcome == submitted)
    }

    @Test func waitAfterDismissalReturnsTheRetainedOutcome() throws {
        let daemon = try EmbeddedDaemon()
        let client = try EmbeddedConnection(daemon)
        let window = try client.presentWindow(Present(kind: "text")).window
        _ = try client.call(Submit(window: window, value: "late"))
        let outcome = try client.request(Wait(window: window)).get()
        #expect(outcome["value"] == "late" && outcome["reason"] == "submitted")
        let again = try #require(try client.request(Submit(window: window, value: "again")).failure)
        #expect(again.code == .alreadyDismissed)
        #expect(
            again.data?["outcome"]?["reason"] == "submitted"
                && again.data?["outcome"]?["window"] == .string(window.rawValue))
        #expect(try client.request(Wait(window: WindowID("w999"))).failure?.code == .noSuchWindow)
    }

    // A wait's own timeout, and a window's timeout with its default.

    /// A text window, and a wait on it that times out after `timeout` ms.
    static func waitOnAWindow(timeout: Int64) throws -> (EmbeddedDaemon, EmbeddedConnection, WindowID, wait: Int64) {
        let daemon = try EmbeddedDaemon()
        let client = try EmbeddedConnection(daemon)
        let window = try client.presentWindow(Present(kind: "text")).window
        return (daemon, client, window, client.send(Wait(window: window, timeoutMilliseconds: timeout)))
    }

    @Test func aWaitTimesOutExactlyAtItsTimeout() throws {
        let (daemon, client, _, wait) = try Self.waitOnAWindow(timeout: 60_000)
        daemon.advance(milliseconds: 59_999)
        #expect(try client.responses().isEmpty, "still waiting at 59.999 s")
        daemon.advance(milliseconds: 1)
        let answer = try #require(try client.responses()[wait])
        #expect(answer.failure?.code == .waitTimedOut)
    }

    @Test func aWaitTimesOutAndTheWindowStays() throws {
        let (daemon, client, window, wait) = try Self.waitOnAWindow(timeout: 200)
        daemon.advance(milliseconds: 200)
        let error = try #require(try client.responses()[wait]?.failure)
        #expect(error.code == .waitTimedOut)
        #expect(error.message == "wait timed out after 200 ms; window \(window) is still open")
        #expect(try client.call(Get(window: window)).summary.state == .visible)
    }

    @Test func aTimeoutAppliesTheDefaultAndAnswersWaiters() throws {
        let daemon = try EmbeddedDaemon()
        let client = try EmbeddedConnection(daemon)
        let dated = client.send(Present(kind: "date", timeoutMilliseconds: 300, defaultValue: "2026-01-02", wait: true))
        let plain = client.send(Present(kind: "text", timeoutMilliseconds: 200, wait: true))
        daemon.advance(milliseconds: 199)
        #expect(try client.responses().isEmpty)
        daemon.advance(milliseconds: 1)
        var answers = try client.responses()
        #expect(
            Present.decode(try #require(answers[plain]).get())
                == .outcome(
                    Outcome(window: WindowID("w2"), reason: .timeout, value: nil, by: nil, at: daemon.clock.now())))
        daemon.advance(milliseconds: 100)
        answers = try client.responses()
        guard case .outcome(let outcome)? = Present.decode(try #require(answers[dated]).get()) else {
            throw TestFailure("no outcome for the date window")
        }
        #expect(outcome.reason == .timeout && outcome.value == "2026-01-02")
    }

    @Test func aThousandWaitingPresentsAllGetTheirOwnOutcome() throws {
        // The core admits as many connections as this process's limit on
        // open files leaves room for (it reads the limit once, at its first).
        raiseOpenFileLimit()
        let daemon = try EmbeddedDaemon()
        let count = 1000
        var askers: [(connection: EmbeddedConnection, id: Int64)] = []
        for index in 0..<count {
            let asker = try EmbeddedConnection(daemon)
            askers.append((asker, asker.send(Present(kind: "text", tag: "asker-\(index)", wait: true))))
        }
        let answerer = try EmbeddedConnection(daemon)
        let windows = try answerer.call(List()).windows
        #expect(windows.count == count)
        for window in windows {
            let tag = try #require(window.tag)
            _ = try answerer.call(Submit(window: window.window, value: .string("for \(tag)")))
        }
        for (index, asker) in askers.enumerated() {
            let outcome = try #require(try asker.connection.responses()[asker.id], "asker \(index) got no outcome")
                .get()
            #expect(outcome["value"] == .string("for asker-\(index)"), "asker \(index) got someone else's outcome")
        }
        #expect(try answerer.request(Status()).get()["counters"]?["submitted"] == .integer(Int64(count)))
    }

    /// With no retention at all, the outcome is gone from the archive at
    /// once; waiters get it all the same, from the window's end itself.
    @Test func waitersAreAnsweredEvenWhenNothingIsRetained() throws {
        let daemon = try EmbeddedDaemon(config: #"{"state": {"durability": "memory", "retention_ms": 0}}"#)
        let asker = try EmbeddedConnection(daemon)
        let waiting = (0..<3).map { _ in asker.send(Present(kind: "text", wait: true)) }
        let other = try EmbeddedConnection(daemon)
        #expect(try other.call(List()).windows.count == 3)
        _ = try other.call(Dismiss(.all))
        let answers = try asker.responses()
        for id in waiting {
            #expect(try #require(answers[id]).get()["reason"] == "dismissed")
        }
        #expect(try other.call(History()).isEmpty, "nothing was retained")
    }
}

/// Raises this process's soft limit on open files to its hard limit.
func raiseOpenFileLimit() {
    var limit = rlimit()
    guard getrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &limit) == 0, limit.rlim_cur < limit.rlim_max else {
        return
    }
    limit.rlim_cur = limit.rlim_max
    setrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &limit)
}
