import Foundation
import PickerTestSupport
import Testing

/// The same daemon given twice to a front-end that follows several hosts is
/// refused before anything runs: otherwise each of its windows would be two
/// (one per label) and the screen would be empty of every id both name.
@Suite(.tags(.process)) struct RepeatedHostTests {
    /// A `$PICKERD_SSH` that leaves a file behind if anything ran it.
    static func witnessedSSH(in folder: TestDirectory) throws -> (environment: [String: String], witness: String) {
        let witness = folder.url.appendingPathComponent("ssh-ran").path
        let script = folder.url.appendingPathComponent("ssh").path
        try "#!/bin/sh\ntouch '\(witness)'\nsleep 60\n".write(toFile: script, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script)
        return (["PICKERD_SSH": script], witness)
    }

    /// Runs `program` with `arguments` and expects it refused with `sentence`
    /// (exit 64), before any ssh ran.
    static func expectRefused(_ program: String, _ arguments: [String], saying sentence: String) throws {
        let folder = try TestDirectory()
        let ssh = try witnessedSSH(in: folder)
        let refused = try CommandLineProcess.run(program, arguments, environment: ssh.environment)
        #expect(refused.status == 64, "\(refused.stderr)")
        #expect(refused.stderr.contains(sentence), "\(refused.stderr)")
        #expect(!FileManager.default.fileExists(atPath: ssh.witness), "no ssh ran")
    }

    @Test(arguments: [["ui"], ["notify"], ["web"]])
    func pickerctlRefusesAnSSHHostGivenTwice(command: [String]) throws {
        try Self.expectRefused(
            "pickerctl", command + ["--host", "ssh://x", "--host", "ssh://x/"],
            saying: "--host ssh://x/ is given twice (as ssh://x too); give each host once")
    }

    /// `local` is the usual socket, however that path is spelled.
    @Test func localAndTheUsualSocketPathAreOneHost() throws {
        let folder = try TestDirectory()
        let socket = folder.url.appendingPathComponent("pickerd.sock").path
        let refused = try CommandLineProcess.run(
            "pickerctl", ["ui", "--host", "local", "--host", folder.url.path + "/./pickerd.sock"],
            environment: ["PICKERD_SOCKET": socket])
        #expect(refused.status == 64, "\(refused.stderr)")
        #expect(refused.stderr.contains("is given twice (as local too); give each host once"), "\(refused.stderr)")
    }

    @Test func pickerwebRefusesAHostGivenTwice() throws {
        try Self.expectRefused(
            "pickerweb", ["--host", "ssh://ci@x:2222", "--host", "ssh://ci@X:2222"],
            saying: "--host ssh://ci@X:2222 is given twice (as ssh://ci@x:2222 too); give each host once")
    }

    @Test func differentHostsAreNotRefused() throws {
        // Different users, ports or sockets are different daemons; the
        // command then gets as far as its own checks (ui: a terminal).
        let refused = try CommandLineProcess.run(
            "pickerctl",
            [
                "ui", "--host", "ssh://a@x", "--host", "ssh://b@x", "--host", "ssh://x:2222", "--host",
                "ssh://x/run/p.sock",
            ])
        #expect(!refused.stderr.contains("given twice"), "\(refused.stderr)")
        #expect(refused.stderr.contains("ui needs a terminal"), "\(refused.stderr)")
    }
}
