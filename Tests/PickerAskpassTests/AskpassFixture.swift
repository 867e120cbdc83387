import Foundation
import PickerJSON
import PickerTestSupport

/// A real pickerd with a `pickerctl watch --json` on it, and what a person
/// and a test do with its windows. The askpass program is a copy of
/// pickerd-askpass in the fixture's own directory, so a user the test makes
/// (sudo's) may run it whatever the build folder's permissions.
final class AskpassFixture: @unchecked Sendable {
    // @unchecked: owned by one test.
    let daemon: DaemonProcess
    let directory: TestDirectory
    let askpass: String
    /// Answers its windows, looks at them, and says where a secret is found.
    let person: ScriptedPerson

    /// `config`: the daemon's; `sharedSocket`: its socket directory open to
    /// other users (for the test user sudo asks as).
    init(config: String? = nil, sharedSocket: Bool = false) throws {
        daemon = try DaemonProcess(config: config, socketDirectoryMode: sharedSocket ? 0o755 : nil)
        directory = try TestDirectory.openToAll()
        askpass = try directory.copy(ofBuilt: "pickerd-askpass")
        person = try ScriptedPerson(daemon: daemon, client: try TestClient(socketPath: daemon.socketPath))
    }

    /// A path in the fixture's directory.
    func path(_ name: String) -> String { directory.url.appendingPathComponent(name).path }

    /// What the asking programs need to find pickerd-askpass and pickerd.
    var environment: [String: String] {
        [
            "PICKERD_SOCKET": daemon.socketPath, "SSH_ASKPASS": askpass, "SSH_ASKPASS_REQUIRE": "force",
            "SUDO_ASKPASS": askpass, "GIT_ASKPASS": askpass, "DISPLAY": "", "WAYLAND_DISPLAY": "",
        ]
    }

    /// A program of another package (ssh-add, sudo, git) with the askpass
    /// environment, in a session of its own with no terminal (setsid), stdin
    /// /dev/null unless `input`.
    func run(
        _ program: String, _ arguments: [String], environment more: [String: String] = [:], as user: [String] = [],
        input: Bool = false
    )
        throws -> CommandLineProcess
    {
        try CommandLineProcess(
            program: "/usr/bin/setsid", ["-w"] + user + [program] + arguments,
            environment: environment.merging(more) { $1 }, input: input)
    }
}
