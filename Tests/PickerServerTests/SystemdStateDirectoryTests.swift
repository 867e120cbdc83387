import Foundation
import PickerJSON
import PickerTestSupport
import Testing

/// The state directory systemd makes for `DynamicUser=yes` and
/// `StateDirectory=pickerd`: `/var/lib/pickerd` is a link to
/// `private/pickerd`, and `$STATE_DIRECTORY` names the link. pickerd takes that
/// link and no other.
@Suite(.tags(.process)) struct SystemdStateDirectoryTests {
    /// systemd's layout under `home/lib`: `private` (0700), `private/pickerd`
    /// (0700) and the link `pickerd` → `private/pickerd`.
    static func systemdLayout(in home: TestDirectory) -> (link: String, real: String) {
        let lib = home.url.appendingPathComponent("lib").path
        mkdir(lib, 0o755)
        mkdir(lib + "/private", 0o700)
        mkdir(lib + "/private/pickerd", 0o700)
        symlink("private/pickerd", lib + "/pickerd")
        return (lib + "/pickerd", lib + "/private/pickerd")
    }

    /// pickerd started as systemd starts it: no --state-dir, `$STATE_DIRECTORY` set.
    static func start(stateDirectory: String, in home: TestDirectory) throws -> (CommandLineProcess, socket: String) {
        let socket = home.url.appendingPathComponent("pickerd-\(UUID().uuidString.prefix(8)).sock").path
        let daemon = try CommandLineProcess(
            "pickerd", ["--socket", socket], environment: ["STATE_DIRECTORY": stateDirectory])
        return (daemon, socket)
    }

    @Test func theLinkSystemdMakesForDynamicUserLeadsToTheState() throws {
        let home = try TestDirectory()
        let (link, real) = Self.systemdLayout(in: home)
        let (daemon, socket) = try Self.start(stateDirectory: link, in: home)
        var answer: JSON?
        _ = holdsWithin(30) {
            answer = try? TestClient(socketPath: socket).result("ping")
            return answer != nil || !daemon.isRunning
        }
        #expect(answer == "pong", "pickerd serves with the state systemd made: \(daemon.stderrSoFar)")
        #expect(FileManager.default.fileExists(atPath: real + "/state.db"), "the state is in the real directory")
        var info = stat()
        #expect(lstat(link, &info) == 0 && info.st_mode & S_IFMT == S_IFLNK, "the link is left as systemd made it")
        daemon.signal(SIGTERM)
        #expect(daemon.finish().status == 0)
    }

    @Test func anyOtherLinkIsStillRefused() throws {
        let home = try TestDirectory()
        let elsewhere = home.url.appendingPathComponent("elsewhere").path
        mkdir(elsewhere, 0o700)
        let lib = home.url.appendingPathComponent("lib").path
        mkdir(lib, 0o755)
        symlink(elsewhere, lib + "/pickerd")
        let (toElsewhere, _) = try Self.start(stateDirectory: lib + "/pickerd", in: home)
        let refused = toElsewhere.finish()
        #expect(refused.status == 1)
        #expect(
            refused.stderr.contains("is a symbolic link to \(elsewhere), not to \(lib)/private/pickerd"),
            "\(refused.stderr)")

        // systemd's layout, but with a private directory others may write to.
        let open = try TestDirectory()
        let (link, _) = Self.systemdLayout(in: open)
        chmod(open.url.appendingPathComponent("lib/private").path, 0o777)
        let (openPrivate, _) = try Self.start(stateDirectory: link, in: open)
        let untrusted = openPrivate.finish()
        #expect(untrusted.status == 1)
        #expect(untrusted.stderr.contains("cannot be trusted"), "\(untrusted.stderr)")
        #expect(untrusted.stderr.contains("private is writable by group or others (mode 0777)"), "\(untrusted.stderr)")

        // The same link given with --state-dir, outside systemd, is refused as before.
        let givenSocket = NSTemporaryDirectory() + "pickerd-statedir-\(UUID().uuidString.prefix(8)).sock"
        defer { unlink(givenSocket) }
        let layout = try TestDirectory()
        let (systemdLink, _) = Self.systemdLayout(in: layout)
        let given = try CommandLineProcess.run("pickerd", ["--socket", givenSocket, "--state-dir", systemdLink])
        #expect(given.status == 1)
        #expect(given.stderr.contains("is a symbolic link"), "\(given.stderr)")
    }
}
