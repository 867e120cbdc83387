import Foundation
import PickerJSON
import PickerTestSupport
import Testing

/// pickerd refuses to listen in a directory that someone else could use to
/// replace its socket: one another user owns, one that others may write to, or
/// a symbolic link. A socket that systemd passes is used as it is.
@Suite(.tags(.process)) struct SocketDirectoryTests {
    let home: TestDirectory

    init() throws {
        home = try TestDirectory()
    }

    func path(_ name: String) -> String {
        home.url.appendingPathComponent(name).path
    }

    /// Runs pickerd on `socket` (as `uid` when given) and returns how it ended;
    /// a daemon that starts is stopped after a few seconds.
    func refusal(socket: String?, as uid: UInt32? = nil, state: String? = nil) throws -> CommandLineProcess.Result {
        let arguments = (socket.map { ["--socket", $0] } ?? []) + ["--state-dir", state ?? path("state")]
        return try CommandLineProcess(
            "pickerd", arguments, environment: ["XDG_RUNTIME_DIR": ""], prefix: try uid.map(DaemonProcess.runAs) ?? []
        ).finish(timeout: 5)
    }

    @Test func aDirectoryOfAnotherUserIsRefused() throws {
        let theirs = try OwnedDirectory(path("theirs"), owner: 65534, mode: 0o700)
        let result = try refusal(socket: theirs.path + "/pickerd.sock")
        #expect(result.status == 1)
        #expect(
            result.stderr.contains(
                "the socket directory \(theirs.path) belongs to uid 65534, not to pickerd's user (uid 0) or root, so that user could replace the socket; remove the directory if it is not yours, or choose another --socket"
            ), "\(result.stderr)")
    }

    @Test func aDirectoryOthersMayWriteToIsRefused() throws {
        let group = try OwnedDirectory(path("group"), owner: 0, mode: 0o770)
        let groupResult = try refusal(socket: group.path + "/pickerd.sock")
        #expect(groupResult.status == 1)
        #expect(
            groupResult.stderr.contains("the socket directory \(group.path) is writable by its group (mode 0770)"),
            "\(groupResult.stderr)")
        let everyone = try OwnedDirectory(path("everyone"), owner: 0, mode: 0o777)
        #expect(
            try refusal(socket: everyone.path + "/pickerd.sock").stderr.contains(
                "is writable by every user (mode 0777)"))
        // /tmp itself: the sticky bit keeps others from renaming the socket, not
        // from taking its name first.
        let inTmp = try refusal(socket: "/tmp/pickerd-test-\(UUID().uuidString.prefix(8)).sock")
        #expect(inTmp.status == 1)
        #expect(
            inTmp.stderr.contains("the socket directory /tmp is writable by every user (mode 1777)"), "\(inTmp.stderr)")
    }

    @Test func aSymbolicLinkIsRefused() throws {
        let real = try OwnedDirectory(path("real"), owner: 0, mode: 0o700)
        try FileManager.default.createSymbolicLink(atPath: path("link"), withDestinationPath: real.path)
        let result = try refusal(socket: path("link") + "/pickerd.sock")
        #expect(result.status == 1)
        #expect(result.stderr.contains("the socket directory \(path("link")) is a symbolic link"), "\(result.stderr)")
    }

    /// The attack in the fallback: another user makes `/tmp/pickerd-$UID` first.
    @Test func aPlantedFallbackDirectoryIsRefused() throws {
        let victim = UInt32.random(in: 42_000..<43_000)
        let planted = try OwnedDirectory("/tmp/pickerd-\(victim)", owner: 65534, mode: 0o777)
        let state = try OwnedDirectory(path("victim-state"), owner: victim, mode: 0o700)
        let result = try refusal(socket: nil, as: victim, state: state.path)
        #expect(result.status == 1)
        #expect(
            result.stderr.contains(
                "the socket directory \(planted.path) belongs to uid 65534, not to pickerd's user (uid \(victim))"),
            "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: planted.path + "/pickerd.sock"), "nothing was bound there")
    }

    @Test func aSocketFromSystemdIsUsedWhereverItIs() throws {
        let open = try OwnedDirectory(path("open"), owner: 0, mode: 0o777)
        let socket = open.path + "/pickerd.sock"
        let daemon = try SpawnedProcess(
            [
                "/usr/bin/systemd-socket-activate", "-l", socket, DaemonProcess.executable("pickerd").path,
                "--state-dir", path("state"),
            ],
            logPath: path("pickerd.log"))
        var client: TestClient?
        try eventually("pickerd to answer on systemd's socket") {
            client = try? TestClient(socketPath: socket)
            return client != nil
        }
        #expect(try #require(client).result("ping") == "pong")
        #expect(daemon.stop() == 0)
    }
}
