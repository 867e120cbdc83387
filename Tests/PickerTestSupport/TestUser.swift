import Foundation

/// A user with a known password, removed afterwards: by default one whom
/// sudoers lets run anything (the askpass tests' sudo); `groups` it is in
/// besides its own (polkit's administrators are group `sudo`'s members).
public final class TestUser {
    public let name: String
    public let password = "Pw-\(UInt32.random(in: 0...UInt32.max))-ok"
    public let uid: UInt32
    let sudoers: String?

    public init(prefix: String = "pkask", sudoers allowed: Bool = true, groups: [String] = []) throws {
        name = "\(prefix)\(UInt32.random(in: 10000...99999))"
        try Self.check(
            ["/usr/sbin/useradd", "--no-create-home", "--shell", "/bin/sh"]
                + (groups.isEmpty ? [] : ["--groups", groups.joined(separator: ",")]) + [name])
        try Self.check(["/usr/sbin/chpasswd"], input: "\(name):\(password)\n")
        if allowed {
            let sudoers = "/etc/sudoers.d/pickerd-askpass-test-\(name)"
            try "\(name) ALL=(ALL) ALL\n".write(toFile: sudoers, atomically: false, encoding: .utf8)
            chmod(sudoers, 0o440)
            self.sudoers = sudoers
        } else {
            sudoers = nil
        }
        guard let entry = getpwnam(name) else { throw TestFailure("useradd made no \(name)") }
        uid = entry.pointee.pw_uid
    }

    deinit {
        if let sudoers { unlink(sudoers) }
        _ = try? Self.check(["/usr/sbin/userdel", name])
    }

    /// Runs `arguments`, again while another program holds /etc/passwd's lock.
    static func check(_ arguments: [String], input: String? = nil) throws {
        func run() throws -> CommandLineProcess.Result {
            let process = try CommandLineProcess(
                program: arguments[0], Array(arguments.dropFirst()), input: input != nil)
            if let input { try process.write(input: input) }
            return process.finish()
        }
        var ran = try run()
        _ = try holdsWithin(5, every: 0.1) {
            guard ran.status != 0 && ran.stderr.contains("lock") else { return true }
            ran = try run()
            return false
        }
        guard ran.status == 0 else { throw TestFailure("\(arguments.joined(separator: " ")) failed: \(ran.stderr)") }
    }

    /// The words that run a command as this user, with its groups.
    public var runAs: [String] {
        [DaemonProcess.setpriv ?? "/usr/bin/setpriv", "--reuid=\(uid)", "--regid=\(uid)", "--init-groups"]
    }
}
