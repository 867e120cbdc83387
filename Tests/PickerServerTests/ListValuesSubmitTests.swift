import PickerJSON
import PickerProtocol
import PickerTestSupport
import Testing

/// A `list` with `values` takes values (or choices), never indices
/// (docs/protocol.md, list): an integer has one reading, so an index that is
/// also another choice's value picks that value's choice, and one that is
/// no value is refused in a sentence naming the values. The real daemon.
@Suite(.tags(.process)) struct ListValuesSubmitTests {
    @Test func anIntegerIsReadAsAValueNeverAsAnIndex() throws {
        let daemon = try DaemonProcess()
        let client = try TestClient(socketPath: daemon.socketPath)
        let options: JSON = ["choices": ["Low", "Middle", "High"], "values": [2, 0, 1]]
        let window = try #require(
            try client.result("present", ["kind": "list", "title": "Level", "options": options])["window"])

        // 0 is the index of Low and the value of Middle: it is Middle's value.
        _ = try client.result("submit", ["window": window, "value": 0])
        let outcome = try client.result("wait", ["window": window])
        #expect(outcome["value"] == 0, "\(outcome)")
        let shown = try CommandLineProcess.run(
            "pickerctl", ["--socket", daemon.socketPath, "history", "--json"]
        ).stdout
        #expect(try JSON.parse(shown)["outcomes"]?.arrayValue?.first?["value"] == 0, "\(shown)")

        let other = try #require(
            try client.result(
                "present",
                ["kind": "list", "title": "Size", "options": ["choices": ["S", "M", "L"], "values": [10, 20, 30]]]
            )["window"])
        let refused = try client.error("submit", ["window": other, "value": 1])
        #expect(refused.code == .invalidParams)
        #expect(
            refused.message
                == "1 is none of the values 10, 20, 30 (nor a choice: S, M, L); a list with values takes no index",
            "\(refused.message)")
        // The choice itself is always read as that choice.
        _ = try client.result("submit", ["window": other, "value": "M"])
        #expect(try client.result("wait", ["window": other])["value"] == 20)
    }
}
