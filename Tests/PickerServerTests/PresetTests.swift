import Foundation
import PickerJSON
import PickerProtocol
import PickerServerTesting
import PickerTestSupport
import Testing

/// Presets: kinds made from built-in ones by files in the presets folder.
/// What a preset does to a present is the embedded daemon's; a reload that
/// reads the folder again, and pickerctl, need the real daemon.
@Suite struct PresetTests {
    static let exampleFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("config/plugins.d")

    /// A daemon whose presets folder (plugins.d beside its config) holds `files`.
    static func daemon(_ files: [String: String]) throws -> (DaemonProcess, URL) {
        let home = try TestDirectory()
        let folder = home.url.appendingPathComponent("plugins.d")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for (name, text) in files {
            try text.write(to: folder.appendingPathComponent(name), atomically: true, encoding: .utf8)
        }
        return (
            try DaemonProcess(config: #"{"state": {"durability": "memory"}}"#, logLevel: "info", home: home), folder
        )
    }

    /// An embedded daemon whose presets folder holds `files`; the folder lives as long as the daemon is used.
    static func embeddedDaemon(_ files: [String: String]) throws -> (EmbeddedDaemon, TestDirectory) {
        let folder = try TestDirectory()
        for (name, text) in files {
            try text.write(to: folder.url.appendingPathComponent(name), atomically: true, encoding: .utf8)
        }
        return (try EmbeddedDaemon(config: #"{"plugins": {"presets_dir": "\#(folder.url.path)"}}"#), folder)
    }

    static let ticket = #"""
        {"kind": "ticket", "base": "text", "title": "Ticket", "summary": "A ticket id.",
         "options": {"pattern": "[A-Z]+-[0-9]+"}, "defaults": {"max_length": 12}}
        """#

    @Test func theExamplePresetIsPresentedAndValidated() throws {
        let flavor = try String(contentsOf: Self.exampleFolder.appendingPathComponent("flavor.json"), encoding: .utf8)
        let (daemon, folder) = try Self.embeddedDaemon(["flavor.json": flavor, "ticket.json": Self.ticket])
        defer { withExtendedLifetime(folder) {} }
        let client = try EmbeddedConnection(daemon)
        #expect(
            try client.result("hello")["kinds"]
                == .array((BuiltInKind.allCases.map(\.name) + ["flavor", "ticket"]).map(JSON.string)))
        let window = try client.result("present", ["kind": "flavor"])
        #expect(window["title"] == "Pick a flavor" && window["kind"] == "flavor")
        let id = window["window"]!
        #expect(try client.result("get", ["window": id])["options"]?["columns"] == [["Orange", "Melon", "Blueberry"]])
        #expect(try client.error("submit", ["window": id, "value": "Banana"]).code == .invalidParams)
        #expect(try client.result("submit", ["window": id, "value": "Melon"])["value"] == ["Melon"])

        let plugins = try client.result("plugins").arrayValue!
        let ticket = try #require(plugins.first { $0["kind"] == "ticket" })
        #expect(ticket["base"] == "text" && ticket["summary"] == "A ticket id.")
        #expect(ticket["options"]?["properties"]?["pattern"] == nil, "a fixed option is not offered")
        #expect(ticket["options"]?["properties"]?["max_length"]?["default"] == 12)
        // A default may be overridden; options the preset leaves open may be added.
        let long = try client.result(
            "present", ["kind": "ticket", "options": ["max_length": 20, "placeholder": "OPS-1"]])["window"]!
        #expect(try client.result("get", ["window": long])["options"]?["max_length"] == 20)
        #expect(try client.error("update", ["window": long, "value": "ops-1"]).message.contains("does not match"))
    }

    @Test func aPresentMayNotOverrideAFixedOption() throws {
        let (daemon, folder) = try Self.embeddedDaemon(["ticket.json": Self.ticket])
        defer { withExtendedLifetime(folder) {} }
        let client = try EmbeddedConnection(daemon)
        let error = try client.error("present", ["kind": "ticket", "options": ["pattern": ".*"]])
        #expect(error.code == .invalidParams)
        #expect(error.message == "option 'pattern' is fixed by the ticket preset (ticket.json); leave it out")
        #expect(try client.result("list")["windows"] == [], "no window was made")
    }

    @Test(.tags(.process)) func aBadPresetIsReportedOnReloadWhileTheDaemonServes() throws {
        let (daemon, folder) = try Self.daemon(["ticket.json": Self.ticket])
        let client = try TestClient(socketPath: daemon.socketPath)
        // The plugins answer is kept serialized; a reload that adds a kind renews it.
        #expect(try client.result("plugins").arrayValue?.contains { $0["kind"] == "size" } == false)
        try #"{"kind": "flavour", "base": "custom", "options": {"colums": [["a"]]}}"#
            .write(to: folder.appendingPathComponent("bad.json"), atomically: true, encoding: .utf8)
        try "{not json".write(to: folder.appendingPathComponent("broken.json"), atomically: true, encoding: .utf8)
        try #"{"kind": "size", "base": "custom", "options": {"columns": [["S", "M", "L"]]}}"#
            .write(to: folder.appendingPathComponent("size.json"), atomically: true, encoding: .utf8)
        #expect(try client.result("reload") == true)
        #expect(try client.result("ping") == "pong")
        #expect(
            try client.result("hello")["kinds"]
                == .array((BuiltInKind.allCases.map(\.name) + ["size", "ticket"]).map(JSON.string)))
        let log = daemon.log
        #expect(log.contains("preset skipped: \(folder.path)/bad.json: options.colums: not an option of custom"))
        #expect(log.contains("preset skipped: \(folder.path)/broken.json: not JSON"))
        #expect(try client.result("present", ["kind": "size"])["kind"] == "size")
        #expect(try client.result("plugins").arrayValue?.contains { $0["kind"] == "size" } == true)
    }

    @Test(.tags(.process)) func pickerctlPresentsAnyKindAndListsPresets() throws {
        let (daemon, _) = try Self.daemon(["ticket.json": Self.ticket])
        let pickerctl = DaemonProcess.executable("pickerctl").path
        let listed = try Command.run(pickerctl, ["--socket", daemon.socketPath, "plugins"])
        #expect(tableRows(listed.output).contains(["ticket", "preset of text", "A ticket id."]), "\(listed.output)")
        let asked = try Command.run(
            pickerctl, ["--socket", daemon.socketPath, "present", "ticket", "--default", "OPS-7", "--timeout", "200ms"])
        #expect(asked.output == "OPS-7\n")
        let custom = try Command.run(
            pickerctl,
            [
                "--socket", daemon.socketPath, "present", "custom", "--options",
                #"{"columns": [["a", "b"], ["c", "d"]]}"#,
                "--default-json", #"["b", "c"]"#, "--timeout", "200ms",
            ])
        #expect(custom.output == "b\tc\n")
        let refused = try Command.run(
            pickerctl, ["--socket", daemon.socketPath, "present", "ticket", "--options", #"{"pattern": "x"}"#])
        #expect(refused.status == 64 || refused.status == 65)
        #expect(refused.output.contains("option 'pattern' is fixed by the ticket preset"))
        let notObject = try Command.run(
            pickerctl, ["--socket", daemon.socketPath, "present", "text", "--options", "[1]"])
        #expect(notObject.status == 64 && notObject.output.contains("--options must be a JSON object"))
    }
}
