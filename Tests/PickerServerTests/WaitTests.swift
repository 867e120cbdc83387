import Foundation
import PickerJSON
import PickerProtocol
import PickerTestSupport
import Testing

@Suite struct WaitTests {
    @Test func presentWithWaitIsAnsweredWhenAnotherConnectionSubmits() throws {
        let daemon = try DaemonProcess()
        let asker = try TestClient(socketPath: daemon.socketPath)
        let id = asker.start("present", ["kind": "date", "wait": true, "options": ["initial": "2026-03-10"]])
        let answerer = try TestClient(socketPath: daemon.socketPath)
        let window = try answerer.result("list")["key"]!
        #expect(try asker.result("ping") == "pong", "later requests are answered before the wait")
        let submitted = try answerer.result("submit", ["window": window, "value": "2026-03-04"])
        let outcome = try asker.response(to: id).get()
        #expect(outcome["reason"] == "submitted" && outcome["value"] == "2026-03-04" && outcome["window"] == window)
        #expect(outcome == submitted)
    }

    @Test func waitAfterDismissalReturnsTheRetainedOutcome() throws {
        let daemon = try DaemonProcess()
        let client = try TestClient(socketPath: daemon.socketPath)
        let window = try client.result("present", ["kind": "text"])["window"]!
        _ = try client.result("submit", ["window": window, "value": "late"])
        let outcome = try client.result("wait", ["window": window])
        #expect(outcome["value"] == "late" && outcome["reason"] == "submitted")
        let again = try client.error("submit", ["window": window, "value": "again"])
        #expect(again.code == .alreadyDismissed)
        #expect(again.data?["outcome"]?["reason"] == "submitted" && again.data?["outcome"]?["window"] == window)
        #expect(try client.error("wait", ["window": "w999"]).code == .noSuchWindow)
    }

    // A wait's own timeout, and a window's timeout with its default: InProcessTests, on a manual clock.

    @Test func aThousandWaitingPresentsAllGetTheirOwnOutcome() async throws {
        let daemon = try DaemonProcess()
        raiseOpenFileLimit()
        let count = 1000
        var askers: [TestClient] = []
        var ids: [JSON] = []
        for index in 0..<count {
            let asker = try TestClient(socketPath: daemon.socketPath)
            ids.append(asker.start("present", ["kind": "text", "tag": .string("asker-\(index)"), "wait": true]))
            askers.append(asker)
        }
        let answerer = try TestClient(socketPath: daemon.socketPath)
        var windows: [JSON] = []
        let deadline = Date().addingTimeInterval(60)
        while windows.count < count, Date() < deadline {
            windows = try answerer.result("list")["windows"]!.arrayValue!
        }
        #expect(windows.count == count)
        for window in windows {
            let tag = window["tag"]!.stringValue!
            _ = try answerer.result("submit", ["window": window["window"]!, "value": .string("for \(tag)")])
        }
        for (index, asker) in askers.enumerated() {
            let outcome = try asker.response(to: ids[index], timeout: 30).get()
            #expect(outcome["value"] == .string("for asker-\(index)"), "asker \(index) got someone else's outcome")
        }
        #expect(try answerer.result("status")["counters"]?["submitted"] == .integer(Int64(count)))
    }

    /// With no retention at all, the outcome is gone from the archive at
    /// once; waiters get it all the same, from the window's end itself.
    @Test func waitersAreAnsweredEvenWhenNothingIsRetained() throws {
        let daemon = try DaemonProcess(config: #"{"state": {"durability": "memory", "retention_ms": 0}}"#)
        let asker = try TestClient(socketPath: daemon.socketPath)
        let waiting = (0..<3).map { _ in asker.start("present", ["kind": "text", "wait": true]) }
        let other = try TestClient(socketPath: daemon.socketPath)
        #expect(try other.result("list")["windows"]?.arrayValue?.count == 3)
        _ = try other.result("dismiss", ["all": true])
        for id in waiting {
            #expect(try asker.response(to: id).get()["reason"] == "dismissed")
        }
    }
}

/// 1,000 connections need more descriptors than the usual soft limit of 1,024.
func raiseOpenFileLimit() {
    var limit = rlimit()
    guard getrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &limit) == 0, limit.rlim_cur < limit.rlim_max else { return }
    limit.rlim_cur = limit.rlim_max
    setrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &limit)
}
