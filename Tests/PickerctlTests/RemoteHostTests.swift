import Foundation
import PickerJSON
import PickerTestSupport
import Testing

/// `--host ssh://…` and `$PICKERD_HOST` through the real ssh and sshd
/// (`SSHHosts`): two users stand for two machines, each with its own pickerd.
@Suite(
    .tags(.process, .externalProgram),
    .enabled(
        if: getuid() == 0, "the ssh host tests need root, to add users and run sshd; run them as root, as CI does"),
    .timeLimit(.minutes(5))
) final class RemoteHostTests {
    let hosts: SSHHosts

    init() throws {
        hosts = try SSHHosts()
    }

    /// The windows host `index`'s pickerd has open, read on its socket.
    func windows(_ index: Int) throws -> [JSON] {
        try TestClient(socketPath: hosts.daemons[index].socketPath).result("list")["windows"]?.arrayValue ?? []
    }

    @Test func anAskerThroughHostIsListedAndAnsweredThroughHost() throws {
        let asker = try hosts.start(["--host", hosts.address(0), "text", "--title", "Deploy", "--inline", "never"])
        try eventually("the window on host 0's pickerd", timeout: 60) { try self.windows(0).count == 1 }
        #expect(try windows(1).isEmpty, "host 1 was not asked")

        let listed = try hosts.pickerctl(["--host", hosts.address(0), "list", "--json"])
        #expect(listed.status == 0, "\(listed.stderr)")
        let window = try #require(try JSON.parse(listed.stdout)["windows"]?.arrayValue?.first)
        #expect(window["title"] == "Deploy")
        // The daemon there sees the ssh user as the asker.
        let id = try #require(window["window"]?.stringValue)
        let details = try hosts.pickerctl(["get", "--host", hosts.address(0), id, "--json"])
        #expect(
            try JSON.parse(details.stdout)["owner"]?["uid"]?.integerValue == Int64(hosts.users[0].uid), "\(details)")

        let submitted = try hosts.pickerctl(["submit", "--host", hosts.address(0), "shipped"])
        #expect(submitted.status == 0, "\(submitted.stderr)")
        let answered = asker.finish(timeout: 60)
        #expect(answered.status == 0, "\(answered.stderr)")
        #expect(answered.stdout == "shipped\n")
    }

    /// `pickerctl dial-stdio`, run by sshd, names the ssh client's address in
    /// its hello, so the remote daemon records an answer given over ssh as
    /// from there (`by.remote`), which its history shows.
    @Test func anAnswerGivenOverSSHIsFromTheSSHClientInTheRemoteHistory() throws {
        let presented = try hosts.pickerctl([
            "--host", hosts.address(0), "text", "--title", "Asked over ssh", "--no-wait",
        ])
        let id = presented.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(presented.status == 0 && !id.isEmpty, "\(presented.stderr)")
        let submitted = try hosts.pickerctl(["submit", "--host", hosts.address(0), "--window", id, "over ssh"])
        #expect(submitted.status == 0, "\(submitted.stderr)")

        let history = try hosts.pickerctl(["--host", hosts.address(0), "history"])
        #expect(history.status == 0, "\(history.stderr)")
        #expect(history.stdout.contains("from 127.0.0.1"), "\(history.stdout)")
        let outcome = try TestClient(socketPath: hosts.daemons[0].socketPath).result("history", ["window": .string(id)])
        #expect(outcome["outcomes"]?.arrayValue?.first?["by"]?["remote"] == "127.0.0.1", "\(outcome)")
    }

    @Test func pickerdHostIsTheDefaultAndHostWinsOverIt() throws {
        let viaEnvironment = try hosts.pickerctl(
            ["text", "--title", "From env", "--no-wait"], environment: ["PICKERD_HOST": hosts.address(1)])
        #expect(viaEnvironment.status == 0, "\(viaEnvironment.stderr)")
        #expect(try windows(1).map { $0["title"] } == ["From env"])
        // The quick one-shot path (ping, badge, list) takes it too.
        let badge = try hosts.pickerctl(["badge"], environment: ["PICKERD_HOST": hosts.address(1)])
        #expect(badge.stdout == "1\n", "\(badge.stderr)")

        let overridden = try hosts.pickerctl(
            ["--host", hosts.address(0), "badge"], environment: ["PICKERD_HOST": hosts.address(1)])
        #expect(overridden.stdout == "0\n", "\(overridden.stderr)")
        let local = try hosts.pickerctl(
            ["--host", "local", "--socket", hosts.daemons[0].socketPath, "badge"],
            environment: ["PICKERD_HOST": hosts.address(1)])
        #expect(local.stdout == "0\n", "--host local is this machine's daemon: \(local.stderr)")
    }

    @Test func theRemoteDaemonAppliesItsRulesToTheSSHUser() throws {
        // A daemon of root's that others may reach; the first user may look, not ask.
        let shared = try OtherUser.reachableDaemon(
            rules: #"[{"uid": \#(hosts.users[0].uid), "allow": ["observe"]}]"#)
        let looking = try hosts.pickerctl(["--host", hosts.address(0, socket: shared.socketPath), "list"])
        #expect(looking.status == 0, "\(looking.stderr)")
        let asking = try hosts.pickerctl(
            ["--host", hosts.address(0, socket: shared.socketPath), "text", "--title", "No", "--no-wait"])
        #expect(asking.status == 77, "\(asking.stderr)")
        let stranger = try hosts.pickerctl(["--host", hosts.address(1, socket: shared.socketPath), "list"])
        #expect(stranger.status == 77, "the second user has no rule: \(stranger.stderr)")
        #expect(try TestClient(socketPath: shared.socketPath).result("list")["windows"] == [])
    }

    @Test func anUnreachableOrRefusingHostExits69InSSHsWords() throws {
        let closed = try LoopbackPort.free()
        let refused = try hosts.pickerctl(["--host", "ssh://127.0.0.1:\(closed)", "ping"])
        #expect(refused.status == 69)
        #expect(refused.stderr.contains("ssh: connect to host 127.0.0.1 port \(closed): Connection refused"))

        // root's key is not authorized, whatever it offers.
        let denied = try hosts.pickerctl(["--host", "ssh://root@127.0.0.1:\(hosts.port)", "ping"])
        #expect(denied.status == 69)
        #expect(denied.stderr.contains("Permission denied (publickey)"), "\(denied.stderr)")

        // ssh works; no pickerd listens there.
        let absent = try hosts.pickerctl(["--host", hosts.address(0, socket: "/nonexistent/pickerd.sock"), "ping"])
        #expect(absent.status == 69)
        #expect(absent.stderr.contains("cannot reach pickerd at /nonexistent/pickerd.sock"), "\(absent.stderr)")
    }

    @Test func hostileAddressesRunNothing() throws {
        let witness = hosts.path("injected")
        for address in [
            "ssh://-oProxyCommand=touch\(witness)", "ssh://-oProxyCommand=touch \(witness)@127.0.0.1",
            "ssh://127.0.0.1 -oProxyCommand=touch\(witness)", "ssh://a\u{1B}b@127.0.0.1",
            "ssh://127.0.0.1:\(hosts.port)/run/x;touch\(witness)\n",
        ] {
            let given = try hosts.pickerctl(["--host", address, "ping"])
            #expect(given.status == 64, "\(address): \(given.stderr)")
            let fromEnvironment = try hosts.pickerctl(["ping"], environment: ["PICKERD_HOST": address])
            #expect(fromEnvironment.status == 64, "\(address): \(fromEnvironment.stderr)")
        }
        // A socket path with shell characters reaches dial-stdio as one word.
        let quoted = try hosts.pickerctl(
            ["--host", hosts.address(0, socket: "/tmp/x';touch \(witness);'"), "ping"])
        #expect(quoted.status != 0)
        #expect(!FileManager.default.fileExists(atPath: witness))
    }

    @Test func aBlockedRemoteAskerSurvivesItsDaemonsRestartAndADroppedConnection() throws {
        // The window first, then the asker blocked on it: its first request is
        // already the wait that reconnects, so the ssh may die at any moment
        // (an asking command whose ssh dies before present's answer exits 69).
        let presented = try hosts.pickerctl(["--host", hosts.address(0), "text", "--title", "Across", "--no-wait"])
        let id = presented.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(presented.status == 0 && !id.isEmpty, "\(presented.stderr)")
        let asker = try hosts.start(["--host", hosts.address(0), "wait", id, "--reconnect", "60s"])
        try eventually("the asker's ssh", timeout: 60) { !self.sshChildren(of: asker.pid).isEmpty }

        // The ssh under the asker dies: the asker starts another.
        let sshBefore = sshChildren(of: asker.pid)
        try #require(!sshBefore.isEmpty, "the asker: \(asker.stderrSoFar)")
        for pid in sshBefore { kill(pid, SIGKILL) }
        try eventually("a new ssh under the asker (it said: \(asker.stderrSoFar))", timeout: 60) {
            let now = self.sshChildren(of: asker.pid)
            return !now.isEmpty && Set(now).isDisjoint(with: sshBefore)
        }
        // Then its daemon restarts (the window is kept in its state).
        try hosts.restart(0)
        #expect(try windows(0).map { $0["title"] } == ["Across"])
        let submitted = try hosts.pickerctl(["submit", "--host", hosts.address(0), "still here"])
        #expect(submitted.status == 0, "\(submitted.stderr)")
        let answered = asker.finish(timeout: 60)
        #expect(answered.status == 0, "\(answered.stderr)")
        #expect(answered.stdout.contains("still here"), "\(answered.stdout)")
        #expect(try windows(1).isEmpty)
    }

    @Test(.tags(.tmux)) func uiFollowsAndAnswersARemoteHost() throws {
        let ui = try TmuxSession(
            "env PICKERD_SSH='ssh -F \(hosts.path("ssh_config"))' \(DaemonProcess.executable("pickerctl").path) ui --host \(hosts.address(1))"
        )
        try #require(try ui.waitFor("No picker is waiting.", timeout: 60) != nil)
        let asker = try hosts.start([
            "--host", hosts.address(1), "text", "--title", "Remote title", "--inline", "never",
        ])
        try #require(try ui.waitFor("Remote title", timeout: 60) != nil)
        try ui.type("from tmux")
        try ui.send("Enter")
        let answered = asker.finish(timeout: 60)
        #expect(answered.status == 0 && answered.stdout == "from tmux\n", "\(answered.stderr)")
    }

    @Test(.tags(.tmux)) func uiFollowsTheLocalDaemonAndARemoteHostAtOnce() throws {
        let local = try DaemonProcess()
        let ui = try TmuxSession(
            "env PICKERD_SSH='ssh -F \(hosts.path("ssh_config"))' \(DaemonProcess.executable("pickerctl").path) ui --grace 0 --host \(local.socketPath) --host \(hosts.address(1))"
        )
        try #require(try ui.waitFor("No picker is waiting.", timeout: 60) != nil)
        let here = try CommandLineProcess(
            "pickerctl", ["--socket", local.socketPath, "text", "--title", "Local title", "--inline", "never"])
        try #require(try ui.waitFor("pickerd.sock: Local title", timeout: 60) != nil)
        let there = try hosts.start([
            "--host", hosts.address(1), "text", "--title", "Remote title", "--inline", "never",
        ])
        // The newer window, the remote one, is on top, labelled by its ssh host.
        let screen = try #require(try ui.waitFor("127.0.0.1: Remote title", timeout: 60))
        #expect(screen.contains("pickerd.sock: Local title"), "\(screen)")
        try ui.type("to remote")
        try ui.send("Enter")
        let answered = there.finish(timeout: 60)
        #expect(answered.status == 0 && answered.stdout == "to remote\n", "\(answered.stderr)")
        try #require(try ui.waitFor("127.0.0.1: Remote title", gone: true, timeout: 60) != nil)
        try ui.type("to local")
        try ui.send("Enter")
        #expect(here.finish(timeout: 60).stdout == "to local\n")
    }

    /// The ssh processes `pid` started.
    func sshChildren(of pid: Int32) -> [Int32] {
        let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")) ?? []
        let children = tasks.flatMap { task in
            ((try? String(contentsOfFile: "/proc/\(pid)/task/\(task)/children", encoding: .utf8)) ?? "")
                .split(separator: " ").compactMap { Int32($0) }
        }
        return children.filter {
            (try? String(contentsOfFile: "/proc/\($0)/comm", encoding: .utf8))?.hasPrefix("ssh") == true
        }
    }
}
