import Foundation
import PickerJSON
import PickerProtocol
import PickerTestSupport
import Testing

/// The socket systemd passes stays as systemd made it: the listener a client
/// sees (SO_PEERCRED) is whoever made the socket (root for the system socket),
/// before pickerd starts and after, even when pickerd runs as another user
/// (DynamicUser=yes).
@Suite(.tags(.process)) struct ActivatedSocketListenerTests {
    /// The listener's pid, uid and gid as a client connected to `socket` sees them.
    static func listener(of socket: String) throws -> (pid: Int32, uid: UInt32, gid: UInt32) {
        guard case .success(let descriptor) = UnixSocket.connect(to: socket) else {
            throw TestFailure("cannot connect to \(socket)")
        }
        defer { close(descriptor) }
        var credentials = [UInt32](repeating: 0, count: 3)
        var length = socklen_t(MemoryLayout<UInt32>.size * 3)
        guard getsockopt(descriptor, SOL_SOCKET, SO_PEERCRED, &credentials, &length) == 0 else {
            throw TestFailure("SO_PEERCRED: \(String(cString: strerror(errno)))")
        }
        return (Int32(bitPattern: credentials[0]), credentials[1], credentials[2])
    }

    @Test func rootStaysTheListenerOfASocketPickerdAdoptsAsAnotherUser() throws {
        guard getuid() == 0, let setpriv = DaemonProcess.setpriv,
            FileManager.default.fileExists(atPath: SystemdTests.socketActivate)
        else {
            print("skipped: needs root, setpriv (util-linux) and systemd-socket-activate (systemd)")
            return
        }
        let home = try TestDirectory()
        chmod(home.url.path, 0o755)
        let state = home.url.appendingPathComponent("state").path
        try OwnedDirectory.make(state, owner: 65534, mode: 0o700)
        let socket = home.url.appendingPathComponent("pickerd.sock").path
        let log = home.url.appendingPathComponent("pickerd.log").path
        // As systemd does with DynamicUser=yes: root makes the socket, pickerd runs as another uid.
        // posix_spawn, not Process: systemd-socket-activate closes what it inherits (see SpawnedProcess).
        let daemon = try SpawnedProcess(
            [SystemdTests.socketActivate, "-l", socket]
                + ["ASAN_OPTIONS", "TSAN_OPTIONS"].filter { ProcessInfo.processInfo.environment[$0] != nil }.flatMap {
                    ["-E", $0]
                }
                + [
                    setpriv, "--reuid=65534", "--regid=65534", "--clear-groups",
                    DaemonProcess.executable("pickerd").path, "--state-dir", state,
                ],
            logPath: log)
        // The file appears at bind(), before listen(): wait until a connection
        // is taken (it starts pickerd; root still made the socket).
        try eventually("systemd-socket-activate to listen on the socket") {
            guard case .success(let descriptor) = UnixSocket.connect(to: socket) else { return false }
            close(descriptor)
            return true
        }

        let before = try Self.listener(of: socket)
        #expect(before.uid == 0 && before.gid == 0, "root listens before pickerd starts: \(before)")
        #expect(try TestClient(socketPath: socket).result("ping") == "pong")

        let after = try Self.listener(of: socket)
        #expect(after.uid == 0 && after.gid == 0, "root still listens once pickerd serves, not its uid 65534: \(after)")
        #expect(after.pid == before.pid)
        let ping = try CommandLineProcess.run("pickerctl", ["--socket", socket, "ping"])
        #expect(ping.status == 0, "root's pickerctl trusts the daemon: \(ping.stderr)")

        #expect(daemon.stop() == 0, "a clean exit")
        let logged = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
        #expect(logged.contains("(from systemd)"), "\(logged)")
    }
}
