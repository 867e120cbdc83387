import Foundation
import PickerJSON
import PickerTestSupport

/// Machines reached over the real OpenSSH, on this one: Debian's sshd on a
/// loopback port of its own (its own host key and config, keys only, the
/// authorized key in a file the test owns), and test users standing for
/// hosts, each running its own pickerd as itself. The client's ssh is run as
/// `$PICKERD_SSH` = `ssh -F CONFIG`, with the test's identity and
/// known_hosts. The remote login finds `pickerctl` (a copy any user may run)
/// through the PATH sshd sets. Needs root (useradd, sshd, setpriv).
final class SSHHosts {
    let directory: TestDirectory
    let users: [TestUser]
    /// Each user's own pickerd, by index, replaced by `restart`.
    private(set) var daemons: [DaemonProcess]
    let port: UInt16
    /// Optional so that `deinit` stops it before the users go.
    private var sshd: SSHServer?

    /// Windows wait a minute for their asker to come back, however slowly ssh connects again.
    static let config = #"{"windows": {"reattach_ms": 60000}}"#

    /// `$PICKERD_SSH` for the client.
    var environment: [String: String] { ["PICKERD_SSH": "ssh -F \(path("ssh_config"))"] }

    init(hosts: Int = 2) throws {
        directory = try TestDirectory.openToAll()
        let directory = directory
        func path(_ name: String) -> String { directory.url.appendingPathComponent(name).path }
        try SSHServer.makeKey(at: path("id"))
        let bin = path("bin")
        try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
        chmod(bin, 0o755)
        try FileManager.default.copyItem(
            atPath: DaemonProcess.executable("pickerctl").path, toPath: bin + "/pickerctl")
        try FileManager.default.copyItem(atPath: path("id.pub"), toPath: path("authorized_keys"))
        chmod(path("authorized_keys"), 0o644)
        // A password makes the account unlocked, which sshd wants even for a key.
        users = try (0..<hosts).map { _ in try TestUser(prefix: "pkhost", sudoers: false) }
        daemons = try users.map { try DaemonProcess.runningAs(uid: $0.uid, config: Self.config) }
        let sshd = try SSHServer(
            folder: path("sshd"),
            config: """
                UsePAM no
                PasswordAuthentication no
                KbdInteractiveAuthentication no
                PubkeyAuthentication yes
                AuthorizedKeysFile \(path("authorized_keys"))
                StrictModes no
                AllowUsers \(users.map(\.name).joined(separator: " "))
                SetEnv PATH=\(bin):/usr/bin:/bin
                """)
        (self.sshd, port) = (sshd, sshd.port)
        let hostKey = try String(contentsOfFile: sshd.hostKeyFile, encoding: .utf8)
        try "[127.0.0.1]:\(port) \(hostKey)".write(toFile: path("known_hosts"), atomically: true, encoding: .utf8)
        try """
        Host *
          IdentityFile \(path("id"))
          IdentitiesOnly yes
          UserKnownHostsFile \(path("known_hosts"))
          GlobalKnownHostsFile /dev/null
          StrictHostKeyChecking yes
          ConnectTimeout 30
        """.write(toFile: path("ssh_config"), atomically: true, encoding: .utf8)
    }

    deinit {
        // Before the users go: userdel refuses a user whose processes run
        // (their pickerd, and a session sshd still holds).
        for daemon in daemons { _ = daemon.stop() }
        sshd = nil
    }

    func path(_ name: String) -> String { directory.url.appendingPathComponent(name).path }

    /// `ssh://USER@127.0.0.1:PORT/SOCKET` of host `index` (its user's pickerd),
    /// or of `socket` there.
    func address(_ index: Int, socket: String? = nil) -> String {
        "ssh://\(users[index].name)@127.0.0.1:\(port)\(socket ?? daemons[index].socketPath)"
    }

    /// pickerctl run to its end, with the test's ssh.
    func pickerctl(_ arguments: [String], environment more: [String: String] = [:]) throws
        -> CommandLineProcess.Result
    {
        try start(arguments, environment: more).finish(timeout: 120)
    }

    func start(_ arguments: [String], environment more: [String: String] = [:]) throws -> CommandLineProcess {
        try CommandLineProcess("pickerctl", arguments, environment: environment.merging(more) { $1 })
    }

    /// Stops host `index`'s pickerd and starts it again on the same socket
    /// and state.
    func restart(_ index: Int) throws {
        let old = daemons[index]
        _ = old.stop()
        daemons[index] = try DaemonProcess(
            config: Self.config, home: old.home, launcher: try DaemonProcess.runAs(uid: users[index].uid))
    }
}
