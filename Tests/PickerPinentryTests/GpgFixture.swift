import Foundation
import PickerJSON
import PickerTestSupport

/// A real pickerd, and a throwaway GNUPGHOME whose gpg-agent runs the built
/// pinentry-pickerd; the agent is killed when the fixture goes.
final class GpgFixture: @unchecked Sendable {
    // @unchecked: owned by one test.
    let daemon: DaemonProcess
    let client: TestClient
    /// Short: gpg-agent's socket is made in it, and a socket's path is at most 107 bytes.
    let home: TestDirectory
    var gnupgHome: String { home.url.path }
    /// Answers its windows, and says where a secret is found; its watch
    /// hears every event from before gpg-agent starts.
    let person: ScriptedPerson
    private var seen: Set<String> = []

    init(agentOptions: [String] = []) throws {
        daemon = try DaemonProcess()
        client = try TestClient(socketPath: daemon.socketPath)
        home = try TestDirectory()
        let gnupgHome = home.url.path
        chmod(gnupgHome, 0o700)
        // No passphrase cache, so that each question reaches the pinentry.
        let conf = [
            "pinentry-program \(DaemonProcess.executable("pinentry-pickerd").path)", "default-cache-ttl 0",
            "max-cache-ttl 0",
        ]
        try (conf + agentOptions).joined(separator: "\n").appending("\n")
            .write(toFile: gnupgHome + "/gpg-agent.conf", atomically: true, encoding: .utf8)
        person = try ScriptedPerson(daemon: daemon, client: client)
        let launched = try CommandLineProcess(
            program: "/usr/bin/gpgconf", ["--launch", "gpg-agent"], environment: environment
        ).finish()
        guard launched.status == 0 else { throw TestFailure("gpg-agent did not start: \(launched.stderr)") }
    }

    deinit {
        _ = try? CommandLineProcess(program: "/usr/bin/gpgconf", ["--kill", "gpg-agent"], environment: environment)
            .finish()
    }

    /// gpg's environment: this GNUPGHOME, and this pickerd for the agent's pinentry.
    var environment: [String: String] { ["GNUPGHOME": gnupgHome, "PICKERD_SOCKET": daemon.socketPath] }

    /// `gpg --batch ARGUMENTS`, running, its stdin fed with `input` when given.
    func gpg(_ arguments: [String], input: String? = nil) throws -> CommandLineProcess {
        let process = try CommandLineProcess(
            program: "/usr/bin/gpg", ["--batch"] + arguments, environment: environment, input: input != nil)
        if let input { try process.write(input: input) }
        return process
    }

    /// gpg asking through pinentry-pickerd.
    func gpgAsking(_ arguments: [String], input: String? = nil) throws -> CommandLineProcess {
        try gpg(["--pinentry-mode", "ask"] + arguments, input: input)
    }

    /// gpg given `passphrase` directly (loopback), for what the test prepares and checks.
    func gpgGiven(_ passphrase: String, _ arguments: [String], input: String? = nil) throws -> CommandLineProcess.Result
    {
        try gpg(["--pinentry-mode", "loopback", "--passphrase", passphrase] + arguments, input: input).finish(
            timeout: 120)
    }

    /// A new signing key protected by `passphrase`; its fingerprint.
    func makeKey(passphrase: String) throws -> String {
        let made = try gpgGiven(
            passphrase, ["--quick-gen-key", "Pinentry Test <pinentry@example.org>", "ed25519", "sign", "never"])
        guard made.status == 0 else { throw TestFailure("gpg --quick-gen-key failed: \(made.stderr)") }
        let listed = try gpg(["--list-keys", "--with-colons"]).finish()
        guard let line = listed.stdout.split(separator: "\n").first(where: { $0.hasPrefix("fpr:") }),
            let fingerprint = line.split(separator: ":", omittingEmptySubsequences: false).dropFirst(9).first
        else { throw TestFailure("no fingerprint in \(listed.stdout)") }
        return String(fingerprint)
    }

    /// Polls pickerd until a window it has not shown before is open; its details.
    func nextWindow(timeout: TimeInterval = 60) throws -> JSON {
        var new: String?
        try eventually("a new window", timeout: timeout) {
            new = try client.result("list")["windows"]?.arrayValue?.compactMap { $0["window"]?.stringValue }.first {
                !seen.contains($0)
            }
            return new != nil
        }
        seen.insert(new!)
        return try client.result("get", ["window": .string(new!)])
    }

    /// Whether the watcher saw a window end, so that the events checked are the ones that matter.
    var sawDismissals: Bool { person.events.contains("window.dismissed") }
}
