import Foundation
import PickerJSON
import PickerProtocol
import PickerTestSupport
import Testing

@Suite struct SecureValueTests {
    @Test func secureValuesReachOnlyTheSubmitterAndWaiters() throws {
        let secret = "correct-horse-battery-staple"
        let daemon = try DaemonProcess(logLevel: "trace")
        let watcher = try TestClient(socketPath: daemon.socketPath)
        _ = try watcher.result("subscribe")
        let asker = try TestClient(socketPath: daemon.socketPath)
        let waitID = asker.start("present", ["kind": "text", "title": "Password", "options": ["secure": true], "wait": true])
        let answerer = try TestClient(socketPath: daemon.socketPath)
        let window = try answerer.result("list")["key"]!
        _ = try answerer.result("update", ["window": window, "value": .string(secret)])
        let details = try answerer.result("get", ["window": window])
        let listing = try answerer.result("list")
        let submitted = try answerer.result("submit", ["window": window, "value": .string(secret)])
        #expect(submitted["value"] == .string(secret), "the submitter gets the value")
        #expect(try asker.response(to: waitID).get()["value"] == .string(secret), "the waiter gets the value")
        #expect(try answerer.result("wait", ["window": window])["value"] == .string(secret))
        let history = try answerer.result("history")
        let events = try watcher.takeEvents(count: 4)
        let form = try answerer.result(
            "present",
            ["kind": "form", "options": ["fields": [["name": "user", "kind": "text"], ["name": "pin", "kind": "text", "options": ["secure": true]]]]])
        _ = try answerer.result("update", ["window": form["window"]!, "value": ["user": "ada", "pin": .string(secret)]])
        let formDetails = try answerer.result("get", ["window": form["window"]!])
        #expect(formDetails["value"] == ["user": "ada"])
        try watcher.drain(for: 0.3)
        let everythingSeen = [details, listing, history, formDetails].map { $0.serialized() }.joined()
            + (events + watcher.events).map { $0.serialized() }.joined()
        #expect(!everythingSeen.contains(secret))
        #expect(details["value"] == nil)
        daemon.stop()
        #expect(!daemon.log.contains(secret))
        #expect(daemon.log.contains("window \(window.stringValue!) dismissed: submitted"), "the log was written")
    }
}
