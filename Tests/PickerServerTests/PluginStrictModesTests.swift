import Foundation
import PickerJSON
import PickerProtocol
import PickerTestSupport
import Testing

/// StrictModes for presets, as sshd has for `authorized_keys`: the presets
/// folder, each preset file and each program (and every directory on the
/// program's path) must belong to the daemon's user or root and be writable by
/// no one else, or pickerd refuses them and says why. Otherwise another user
/// could make pickerd run their code as its user.
@Suite(.tags(.process)) struct PluginStrictModesTests {
    static let cat = PluginIsolationTests.cat

    /// The kinds the daemon offers beyond the built-in six.
    static func presetKinds(_ daemon: DaemonProcess) throws -> [String] {
        let kinds = try TestClient(socketPath: daemon.socketPath).result("hello")["kinds"]?.arrayValue ?? []
        return kinds.compactMap(\.stringValue).filter {
            !BuiltInKind.allCases.map(\.name).contains($0)
        }
    }

    @Test func aFolderOthersMayWriteLoadsNoPresets() throws {
        let fixture = try PluginFixture()
        try fixture.addPlugin("probe", program: Self.cat)
        try fixture.addPreset("plain", json: #"{"kind": "plain", "base": "text"}"#)
        chmod(fixture.folder.path, 0o777)
        let daemon = try fixture.daemon()
        #expect(try Self.presetKinds(daemon) == [])
        #expect(
            daemon.log.contains(
                "\(fixture.folder.path) is writable by group or others (mode 0777); no presets are loaded"),
            "\(daemon.log)")
    }

    @Test func aPresetFileOthersMayWriteIsSkippedAndTheOthersLoad() throws {
        let fixture = try PluginFixture()
        try fixture.addPlugin("probe", program: Self.cat)
        try fixture.addPreset("plain", json: #"{"kind": "plain", "base": "text"}"#)
        chmod(fixture.folder.appendingPathComponent("plain.json").path, 0o666)
        let daemon = try fixture.daemon()
        #expect(try Self.presetKinds(daemon) == ["probe"])
        let file = fixture.folder.appendingPathComponent("plain.json").path
        #expect(
            daemon.log.contains("preset skipped: \(file): \(file) is writable by group or others (mode 0666)"),
            "\(daemon.log)")
    }

    @Test func aProgramOthersMayWriteOrOwnIsRefused() throws {
        let fixture = try PluginFixture()
        let writable = try fixture.addPlugin("writable", program: Self.cat)
        chmod(writable.path, 0o777)
        let owned = try fixture.addPlugin("owned", program: Self.cat)
        chown(owned.path, 12345, 0)
        let nested = try fixture.addPlugin("nested", program: Self.cat, path: "bin/nested")
        chmod(nested.deletingLastPathComponent().path, 0o777)
        try fixture.addPlugin("fine", program: Self.cat)
        let daemon = try fixture.daemon()
        #expect(try Self.presetKinds(daemon) == ["fine"])
        let log = daemon.log
        func skipped(_ kind: String, _ reason: String) -> Bool {
            log.contains("preset skipped: \(fixture.folder.path)/\(kind).json: exec: \(reason)")
        }
        #expect(skipped("writable", "\(writable.path) is writable by group or others (mode 0777)"), "\(log)")
        #expect(skipped("owned", "\(owned.path) is owned by uid 12345, not by pickerd's uid 0 or root"), "\(log)")
        #expect(
            skipped("nested", "\(nested.deletingLastPathComponent().path) is writable by group or others (mode 0777)"),
            "\(log)")
    }

    @Test func aProgramMadeWritableAfterLoadingIsNotStarted() throws {
        let fixture = try PluginFixture()
        let program = try fixture.addPlugin("probe", program: Self.cat)
        let daemon = try fixture.daemon()
        chmod(program.path, 0o666 | 0o111)
        let client = try TestClient(socketPath: daemon.socketPath)
        let window = try client.result("present", ["kind": "probe"])["window"]!
        let error = try client.error("submit", ["window": window, "value": "x"])
        #expect(error == RPCError(.internalError, "the probe plugin could not be started; pickerd's log says why"))
        #expect(
            daemon.log.contains(
                "its program is not safe to run: \(program.path) is writable by group or others (mode 0777)"))
    }

    @Test func symlinksAreFollowedAndEveryDirectoryOnTheWayIsChecked() throws {
        let fixture = try PluginFixture()
        // A link to a system program: every directory on its way is root's.
        try FileManager.default.createSymbolicLink(
            atPath: fixture.folder.appendingPathComponent("linked").path, withDestinationPath: "/bin/cat")
        try fixture.addPreset("linked", json: #"{"kind": "linked", "base": "text", "exec": ["linked"]}"#)
        // A link into a folder others may write: they could swap the program.
        let open = fixture.home.url.appendingPathComponent("open")
        try FileManager.default.createDirectory(at: open, withIntermediateDirectories: true)
        chmod(open.path, 0o777)
        try Self.cat.write(to: open.appendingPathComponent("prog"), atomically: true, encoding: .utf8)
        chmod(open.appendingPathComponent("prog").path, 0o755)
        try FileManager.default.createSymbolicLink(
            atPath: fixture.folder.appendingPathComponent("sneaky").path,
            withDestinationPath: open.appendingPathComponent("prog").path)
        try fixture.addPreset("sneaky", json: #"{"kind": "sneaky", "base": "text", "exec": ["sneaky"]}"#)
        // A preset file that is a link into that folder.
        try #"{"kind": "planted", "base": "text"}"#.write(
            to: open.appendingPathComponent("planted.json"), atomically: true, encoding: .utf8)
        try FileManager.default.createSymbolicLink(
            atPath: fixture.folder.appendingPathComponent("planted.json").path,
            withDestinationPath: open.appendingPathComponent("planted.json").path)
        let daemon = try fixture.daemon()
        #expect(try Self.presetKinds(daemon) == ["linked"])
        let client = try TestClient(socketPath: daemon.socketPath)
        let window = try client.result("present", ["kind": "linked"])["window"]!
        #expect(try client.result("submit", ["window": window, "value": "x"])["value"] == "x")
        let log = daemon.log
        #expect(log.contains("sneaky.json: exec: \(open.path) is writable by group or others (mode 0777)"), "\(log)")
        #expect(log.contains("planted.json: \(open.path) is writable by group or others (mode 0777)"), "\(log)")
    }

    /// As uid 65534 the rule is the daemon's uid or root; root's own case
    /// cannot show that another owner is refused while the daemon's is not.
    @Test func aDaemonRunningAsAnotherUserAcceptsItsOwnAndRootsFilesOnly() throws {
        let nobody: UInt32 = 65534
        guard let runAsNobody = try? DaemonProcess.runAs(uid: nobody) else {
            print("skipped: running pickerd as uid 65534 needs root and setpriv")
            return
        }
        let fixture = try PluginFixture()
        let run = fixture.home.url.appendingPathComponent("run")
        try FileManager.default.createDirectory(at: run, withIntermediateDirectories: true)
        chown(run.path, nobody, nobody)
        chown(fixture.folder.path, nobody, nobody)
        let mine = try fixture.addPlugin("mine", program: Self.cat)
        chown(mine.path, nobody, nobody)
        try fixture.addPlugin("roots", program: Self.cat)
        let theirs = try fixture.addPlugin("theirs", program: Self.cat)
        chown(theirs.path, 12345, 12345)
        try fixture.addPreset("planted", json: #"{"kind": "planted", "base": "text"}"#)
        chown(fixture.folder.appendingPathComponent("planted.json").path, 12345, 12345)
        let daemon = try fixture.daemon(launcher: runAsNobody)
        #expect(try Self.presetKinds(daemon) == ["mine", "roots"])
        let log = daemon.log
        #expect(
            log.contains("theirs.json: exec: \(theirs.path) is owned by uid 12345, not by pickerd's uid 65534 or root"),
            "\(log)")
        #expect(log.contains("planted.json is owned by uid 12345, not by pickerd's uid 65534 or root"), "\(log)")
        let client = try TestClient(socketPath: daemon.socketPath)
        for kind in ["mine", "roots"] {
            let window = try client.result("present", ["kind": .string(kind)])["window"]!
            #expect(try client.result("submit", ["window": window, "value": "x"])["value"] == "x")
        }
    }
}
