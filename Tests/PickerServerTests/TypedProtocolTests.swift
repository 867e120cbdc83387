import Foundation
import PickerJSON
import PickerProtocol
import PickerServerTesting
import PickerTestSupport
import Testing

/// The daemon serves exactly the methods of `PickerMethods.all`, reads each
/// one's params through its type, and answers in the shapes the clients read.
/// Spoken to the embedded daemon; the preset file removed under a real
/// daemon's config folder needs the process.
@Suite struct TypedProtocolTests {
    @Test func everyMethodIsServedAndTakesExactlyItsDeclaredParams() throws {
        let daemon = try EmbeddedDaemon()
        let client = try EmbeddedConnection(daemon)
        for method in PickerMethods.all {
            let error = try #require(try client.request(method.name, ["bogus": 1]).failure, "\(method.name)")
            let accepted =
                method.paramNames.isEmpty ? "it takes none" : "it takes \(method.paramNames.joined(separator: ", "))"
            #expect(error.code == .invalidParams, "\(method.name)")
            #expect(error.message == "\(method.name) has no parameter 'bogus'; \(accepted)")
        }
        let unknown = try #require(try client.request("teleport").failure)
        #expect(unknown.code == .methodNotFound)
        #expect(
            unknown.message == "no method 'teleport'; the methods are \(PickerMethods.names.joined(separator: ", "))")
    }

    @Test func typedRequestsGetTypedResults() throws {
        let daemon = try EmbeddedDaemon()
        let client = try EmbeddedConnection(daemon)
        #expect(try client.call(Ping()) == "pong")
        guard
            case .window(let summary) = try client.call(Present(kind: "text", title: "Name?", level: "alert", tag: "t"))
        else {
            Issue.record("present without wait answered an outcome")
            return
        }
        #expect(
            summary.title == "Name?" && summary.level == .alert && summary.levelName == "alert" && summary.isKey
                && summary.base == nil)
        #expect(try client.call(List()).windows == [summary])
        #expect(try client.call(Get(window: summary.window)).summary == summary)
        #expect(try client.call(Hide(window: summary.window)).state == .hidden)
        #expect(try client.call(Update(window: summary.window, value: "Ad")).window == summary.window)
        let outcome = try client.call(Submit(window: summary.window, value: "Ada"))
        #expect(outcome.reason == .submitted && outcome.value == "Ada" && outcome.window == summary.window)
        #expect(try client.call(Wait(window: summary.window)) == outcome)
        var entry = outcome
        (entry.kind, entry.title) = ("text", "Name?")
        #expect(try client.call(History()) == [entry], "history names the window's kind and title")
        #expect(try client.call(Dismiss(.all)) == [])
    }

    /// Found in review: a window's `base` was looked up in the live registry,
    /// so a reload that removed its preset reshaped an open window as text.
    @Test(.tags(.process)) func aWindowKeepsItsBaseWhenItsPresetIsRemoved() throws {
        let daemon = try DaemonProcess.withPresets([
            "target": #"{"kind": "target", "base": "custom", "options": {"columns": [["prod", "staging"]]}}"#
        ])
        let client = try TestClient(socketPath: daemon.socketPath)
        guard case .window(let summary) = try client.send(Present(kind: "target")) else {
            Issue.record("present answered an outcome")
            return
        }
        #expect(summary.base == "custom")
        let preset = URL(fileURLWithPath: daemon.configPath!).deletingLastPathComponent().appendingPathComponent(
            "plugins.d/target.json")
        try FileManager.default.removeItem(at: preset)
        #expect(try client.send(Reload()))
        #expect(try client.error("present", ["kind": "target"]).code == .unknownKind, "the preset is gone")
        #expect(try client.send(Get(window: summary.window)).summary.base == "custom")
    }
}
