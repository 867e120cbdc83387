import Foundation
import PickerJSON
import PickerTestSupport
import Testing

/// `choose --header TEXT --height N` (issue 30, as gum's): list options that
/// every front-end reads, checked by pickerd and said back with the flag;
/// the built pickerctl against a real daemon.
@Suite(.tags(.process)) struct ChooseHeaderTests {
    let daemon: DaemonProcess

    init() throws {
        daemon = try DaemonProcess(config: #"{"state": {"durability": "memory"}}"#)
    }

    func pickerctl(_ arguments: [String]) throws -> CommandLineProcess.Result {
        try CommandLineProcess.run("pickerctl", ["--socket", daemon.socketPath] + arguments)
    }

    @Test func headerAndHeightTravelAsListOptions() throws {
        let asked = try pickerctl(["choose", "--header", "Hosts in eu-west", "--height", "3", "a", "b", "--no-wait"])
        #expect(asked.status == 0, "\(asked.stderr)")
        let window = asked.stdout.trimmingCharacters(in: .newlines)
        let details = try JSON.parse(try pickerctl(["get", window]).stdout)
        #expect(details["options"]?["header"] == "Hosts in eu-west" && details["options"]?["height"] == 3)
    }

    @Test func aBadHeaderOrHeightIsOneSentenceAndExit64() throws {
        for (arguments, sentence) in [
            (["--height", "0"], "pickerctl: --height must be 1 or more"),
            (["--height", "-3"], "pickerctl: --height must be 1 or more"),
            (["--height", "10001"], "pickerctl: --height must be an integer from 1 to 10000"),
            (
                ["--header", String(repeating: "h", count: 1_001)],
                "pickerctl: a label, choice or name holds at most 1,000 characters; --header has 1,001"
            ),
        ] {
            let refused = try pickerctl(["choose"] + arguments + ["a", "b", "--no-wait"])
            #expect(refused.status == 64, "\(arguments.prefix(1)): \(refused.stderr)")
            #expect(
                refused.stderr.hasPrefix(sentence) && refused.stderr.split(separator: "\n").count == 1,
                "\(refused.stderr)")
        }
        let client = try TestClient(socketPath: daemon.socketPath)
        #expect(try client.result("list")["windows"] == [], "nothing presented")
    }
}
