import Foundation
import PickerJSON
import PickerTestSupport
import Testing

/// polkitd on a private system bus (`PrivateSystemBus`), an administrator
/// (in group `sudo`, which Debian's polkit rules name) with a known password,
/// a person who runs `pkexec /bin/true`, and a real pickerd (root's) on which
/// that person's agent presents and a script answers.
final class PolkitFixture: @unchecked Sendable {
    // @unchecked: owned by one test.
    let system: PrivateSystemBus
    let admin: TestUser
    let person: TestUser
    let daemon: DaemonProcess
    let answerer: ScriptedPerson
    private let directory: TestDirectory
    /// pickerctl, copied where the person may run it whatever the build folder's permissions.
    let pickerctl: String

    /// Root (useradd, unshare, polkitd), with polkitd installed; CI runs as root.
    static let runsHere = ConditionTrait.enabled(
        if: getuid() == 0 && FileManager.default.fileExists(atPath: "/usr/lib/polkit-1/polkitd"),
        "the polkit tests need root (useradd, unshare, polkitd) and polkitd, pkexec and dbus installed")

    /// `limits`: the daemon's `limits` section, JSON members (the flood test's quota).
    init(limits: String = "") throws {
        system = try PrivateSystemBus()
        admin = try Self.administrator()
        person = try TestUser(prefix: "pkask", sudoers: false)
        // The person's agent presents on root's pickerd: it may present, and above statusBar (`alert`).
        daemon = try DaemonProcess(
            config:
                #"{"socket": {"mode": "0666"}, "limits": {\#(limits)}, "permissions": {"rules": [{"uid": \#(person.uid), "allow": ["present", "alert"]}]}}"#,
            socketDirectoryMode: 0o755)
        answerer = try ScriptedPerson(daemon: daemon, client: try TestClient(socketPath: daemon.socketPath))
        directory = try TestDirectory.openToAll()
        pickerctl = try directory.copy(ofBuilt: "pickerctl")
        _ = try directory.copy(ofBuilt: "pickerd-polkit-agent")  // which pickerctl polkit-agent runs
    }

    /// A user in group `sudo` (Debian's polkit rules make its members
    /// administrators) with a known password, not in sudoers.
    static func administrator() throws -> TestUser {
        try TestUser(prefix: "pkadm", sudoers: false, groups: ["sudo"])
    }

    /// The person's shell, which says its pid, waits for a line, then runs
    /// `pkexec /bin/true` and exits with its status. pkexec asks polkit for
    /// its parent, this shell: the process an agent registers for.
    /// `run`: what the shell runs instead, once told to go.
    func asker(_ run: String = "pkexec /bin/true; exit $?") throws -> (process: CommandLineProcess, shell: Int32) {
        let process = try CommandLineProcess(
            program: system.inside[0],
            Array(system.inside.dropFirst()) + person.runAs
                + ["/bin/sh", "-c", #"echo "pid $$"; read go; "# + run],
            input: true)
        try eventually("the asking shell to start: \(process.stderrSoFar)", timeout: 60) {
            process.stdoutSoFar.contains("\n")
        }
        guard let shell = Int32(process.stdoutSoFar.split(separator: "\n")[0].dropFirst(4)) else {
            throw TestFailure("the shell did not say its pid: \(process.stdoutSoFar)")
        }
        return (process, shell)
    }

    /// `pickerctl polkit-agent --process shell` as the person, once polkitd has it registered.
    func agent(for shell: Int32) throws -> CommandLineProcess {
        let agent = try CommandLineProcess(
            program: system.inside[0],
            Array(system.inside.dropFirst()) + person.runAs
                + [pickerctl, "--socket", daemon.socketPath, "polkit-agent", "--process", "\(shell)"])
        try eventually("the agent to register: \(agent.stderrSoFar)", timeout: 60) {
            agent.stderrSoFar.contains("registered with polkit")
        }
        return agent
    }

    /// Waits for an open window that is not one of `seen`, and returns its details.
    func nextWindow(after seen: [JSON] = []) throws -> JSON {
        try answerer.details(try answerer.nextWindow(after: seen))
    }

    /// The password window for `user`: when polkit offers several
    /// administrators (other members of group sudo on this machine), the
    /// choice comes first, and `user` is chosen.
    func passwordWindow(for user: TestUser, after seen: [JSON] = []) throws -> JSON {
        let window = try nextWindow(after: seen)
        guard window["kind"] == "actions" else { return window }
        try answerer.choose(user.name, in: window)
        return try nextWindow(after: seen + [window])
    }
}
