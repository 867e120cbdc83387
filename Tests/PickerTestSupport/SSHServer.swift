import Foundation

/// Debian's sshd on a loopback port of its own, for the tests of the
/// programs that log in through the real OpenSSH: its own host key and
/// config in `folder` (`ListenAddress`, `HostKey` and `PidFile` are given
/// here, the rest by the caller), killed when this goes. Needs root.
public final class SSHServer {
    public let port: UInt16
    /// The host key's public half, for a `known_hosts` line.
    public let hostKeyFile: String
    /// Read once it listens: the pid file goes with `folder`, which its
    /// owner may delete before this goes.
    public let pid: Int32

    public init(folder: String, config: String) throws {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let hostKey = folder + "/host_key"
        try Self.makeKey(at: hostKey)
        hostKeyFile = hostKey + ".pub"
        // sshd refuses to start without its privilege separation directory.
        try FileManager.default.createDirectory(atPath: "/run/sshd", withIntermediateDirectories: true)
        port = try LoopbackPort.free()
        let pidFile = folder + "/sshd.pid"
        let configFile = folder + "/sshd_config"
        try "ListenAddress 127.0.0.1:\(port)\nHostKey \(hostKey)\nPidFile \(pidFile)\n\(config)\n"
            .write(toFile: configFile, atomically: true, encoding: .utf8)
        // Detached (no -D): run as the test's child, sshd's SIGCHLDs made
        // Foundation's Process wait on it for good, and no other child's end
        // was seen again. Its pid file is written once it listens.
        let started = try CommandLineProcess(program: "/usr/sbin/sshd", ["-f", configFile]).finish()
        guard started.status == 0 else { throw TestFailure("sshd did not start: \(started.stderr)") }
        var pid: Int32?
        try eventually("sshd to write its pid file") {
            pid = (try? String(contentsOfFile: pidFile, encoding: .utf8))
                .flatMap { Int32($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
            return pid != nil
        }
        guard let pid else { throw TestFailure("sshd's pid file holds no pid") }
        self.pid = pid
    }

    deinit {
        kill(pid, SIGKILL)
    }

    /// A passphrase-less ed25519 key at `path` (and `path`.pub).
    public static func makeKey(at path: String) throws {
        let made = try CommandLineProcess(
            program: "/usr/bin/ssh-keygen", ["-q", "-t", "ed25519", "-N", "", "-f", path]
        )
        .finish()
        guard made.status == 0 else { throw TestFailure("ssh-keygen failed: \(made.stderr)") }
    }
}
