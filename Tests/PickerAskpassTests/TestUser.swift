import Foundation
import PickerTestSupport

/// A user with a known password whom sudoers lets run anything, removed afterwards.
final class TestUser {
    let name = "pkask\(UInt32.random(in: 10000...99999))"
    let password = "Pw-\(UInt32.random(in: 0...UInt32.max))-ok"
    let uid: UInt32
    let sudoers: String

    init() throws {
        try Self.check(["/usr/sbin/useradd", "--no-create-home", "--shell", "/bin/sh", name])
        sudoers = "/etc/sudoers.d/pickerd-askpass-test-\(name)"
        try Self.check(["/usr/sbin/chpasswd"], input: "\(name):\(password)\n")
        try "\(name) ALL=(ALL) ALL\n".write(toFile: sudoers, atomically: false, encoding: .utf8)
        chmod(sudoers, 0o440)
        guard let entry = getpwnam(name) else { throw TestFailure("useradd made no \(name)") }
        uid = entry.pointee.pw_uid
    }

    deinit {
        unlink(sudoers)
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
    var runAs: [String] {
        [DaemonProcess.setpriv ?? "/usr/bin/setpriv", "--reuid=\(uid)", "--regid=\(uid)", "--init-groups"]
    }
}
