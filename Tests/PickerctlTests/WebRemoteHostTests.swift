import Foundation
import PickerJSON
import PickerTestSupport
import Testing

extension RemoteHostTests {
    /// `pickerctl web --host LOCAL --host ssh://…`: the page's state has both
    /// hosts' windows, the remote one labelled by its ssh host, and an answer
    /// given on the page to the remote window reaches the remote asker.
    @Test func webFollowsTheLocalDaemonAndARemoteHostAtOnce() throws {
        let local = try DaemonProcess()
        let front = try WebFrontEnd(
            command: "pickerctl", ["web", "--host", local.socketPath, "--host", hosts.address(1)],
            environment: hosts.environment, daemon: local)
        let cookie = try front.signIn()
        let here = try front.ask(["text", "--title", "Local title", "--inline", "never"])
        defer { here.signal(SIGTERM) }
        let there = try hosts.start([
            "--host", hosts.address(1), "text", "--title", "Remote title", "--inline", "never",
        ])
        var windows: [JSON] = []
        let both = holdsWithin(60, every: 0.1) {
            windows =
                (try? JSON.parse(front.api("GET", "/api/state", cookie: cookie).body))?["windows"]?.arrayValue ?? []
            return windows.count == 2
        }
        try #require(both, "\(windows)")
        #expect(windows.map { $0["host"] } == ["127.0.0.1", "pickerd.sock"], "the newer, remote, first: \(windows)")
        let remote = try #require(windows.first?["window"]?.stringValue)
        #expect(remote.hasPrefix("127.0.0.1/"))
        let path = "/api/windows/\(remote.replacingOccurrences(of: "/", with: "%2F"))/submit"
        let answer = try front.api("POST", path, cookie: cookie, body: #"{"value": "to remote"}"#, timeout: 60)
        #expect(answer.status == 200, "\(answer.body)")
        let answered = there.finish(timeout: 60)
        #expect(answered.status == 0 && answered.stdout == "to remote\n", "\(answered.stderr)")
        #expect(here.isRunning, "the local asker still waits")
    }
}
