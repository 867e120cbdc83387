import Foundation
import PickerJSON
import PickerProtocol
import PickerTestSupport
import Testing

/// pickerctl checks who serves its socket (SO_PEERCRED): its own user, root
/// (systemd's socket activation included), a uid in PICKERD_TRUST_UID, or the
/// owner of a socket directory that root made for it. Anyone else is refused
/// with exit 77 before anything is sent.
@Suite(.tags(.process)) struct ServerTrustTests {
    static let attacker: UInt32 = 65534
    /// A user of its own per test, so that its /tmp fallback is its own too.
    let victim = UInt32.random(in: 43_000..<44_000)

    /// A config that would let the victim do everything, as an impostor's would.
    var welcoming: String {
        #"{"socket": {"mode": "0666"}, "permissions": {"rules": [{"uid": \#(victim), "allow": ["present", "answer", "manage", "observe"]}]}}"#
    }

    /// pickerctl run as the victim, finding its socket as a script would.
    func pickerctl(_ arguments: [String], environment: [String: String] = [:], input: String? = nil) throws
        -> CommandLineProcess.Result
    {
        let process = try CommandLineProcess(
            "pickerctl", arguments, environment: ["XDG_RUNTIME_DIR": ""].merging(environment) { $1 },
            prefix: try DaemonProcess.runAs(uid: victim), input: input != nil)
        if let input { try process.write(input: input) }
        return process.finish()
    }

    func refusal(_ socket: String, uid: UInt32) -> String {
        "pickerctl: pickerd at \(socket) runs as uid \(uid), which is neither you (uid \(victim)) nor root, so another user may have put it there; nothing was sent to it (if you trust uid \(uid), set PICKERD_TRUST_UID=\(uid))\n"
    }

    @Test func anImpostorInTheTmpFallbackIsRefused() throws {
        // The attacker makes the victim's fallback directory and listens there.
        let planted = try OwnedDirectory("/tmp/pickerd-\(victim)", owner: Self.attacker, mode: 0o755)
        let socket = planted.path + "/pickerd.sock"
        let impostor = try DaemonProcess.runningAs(uid: Self.attacker, config: welcoming, socketPath: socket)

        let ping = try pickerctl(["ping"])
        #expect(ping.status == 77)
        #expect(ping.stderr == refusal(socket, uid: Self.attacker))
        let secret = try pickerctl(["submit", "--stdin", "--window", "w1"], input: "hunter2\n")
        #expect(secret.status == 77 && secret.stderr == refusal(socket, uid: Self.attacker))
        let asked = try pickerctl(["text", "--title", "Deploy?", "--no-wait"])
        #expect(asked.status == 77)
        let spy = try TestClient(socketPath: impostor.socketPath)
        #expect(try spy.result("status")["counters"]?["presented"] == 0, "nothing reached the impostor")

        let trusted = try pickerctl(["ping"], environment: ["PICKERD_TRUST_UID": "12, \(Self.attacker)"])
        #expect(
            trusted.status == 0 && trusted.stdout == "pong\n",
            "PICKERD_TRUST_UID names a uid to trust: \(trusted.stderr)")
    }

    @Test func theUserServiceSocketOfTheUserIsTrusted() throws {
        let home = try TestDirectory()
        chmod(home.url.path, 0o755)
        let runtime = try OwnedDirectory(home.url.appendingPathComponent("runtime").path, owner: victim, mode: 0o700)
        let daemon = try DaemonProcess.runningAs(uid: victim, socketPath: runtime.path + "/pickerd/pickerd.sock")
        let ping = try pickerctl(["ping"], environment: ["XDG_RUNTIME_DIR": runtime.path])
        #expect(ping.status == 0 && ping.stdout == "pong\n", "\(ping.stderr)")
        #expect(daemon.isRunning)
    }

    @Test func theSystemServiceSocketIsTrusted() throws {
        // Socket-activated, as pickerd.socket does it: root listens (and so is
        // the peer), the service runs as a user of its own.
        let run = try OwnedDirectory("/run/pickerd-test-\(UUID().uuidString.prefix(8))", owner: 0, mode: 0o755)
        let state = try OwnedDirectory(run.path + "-state", owner: Self.attacker, mode: 0o700)
        let socket = run.path + "/pickerd.sock"
        let activated = try SpawnedProcess(
            ["/bin/sh", "-c", #"umask 0; exec "$@""#, "sh", "/usr/bin/systemd-socket-activate", "-l", socket]
                + (try DaemonProcess.runAs(uid: Self.attacker))
                + [DaemonProcess.executable("pickerd").path, "--state-dir", state.path],
            logPath: state.path + ".log")
        defer { try? FileManager.default.removeItem(atPath: state.path + ".log") }
        // The file appears at bind(), before listen(): wait until a
        // connection is taken (it starts pickerd).
        try eventually("systemd-socket-activate to listen on the socket") {
            guard case .success(let descriptor) = UnixSocket.connect(to: socket) else { return false }
            close(descriptor)
            return true
        }
        chmod(socket, 0o666)  // as pickerd.socket's SocketMode=0666
        let ping = try pickerctl(["ping"], environment: ["PICKERD_SOCKET": socket])
        #expect(ping.status == 0 && ping.stdout == "pong\n", "\(ping.stderr)")
        #expect(activated.stop() == 0, "a clean exit")

        // Not activated: the service's user owns a directory that root made in /run.
        let owned = try OwnedDirectory(run.path + "-owned", owner: Self.attacker, mode: 0o755)
        let service = try DaemonProcess.runningAs(
            uid: Self.attacker, config: welcoming, socketPath: owned.path + "/pickerd.sock")
        let served = try pickerctl(["ping"], environment: ["PICKERD_SOCKET": service.socketPath])
        #expect(served.status == 0 && served.stdout == "pong\n", "\(served.stderr)")
    }
}
