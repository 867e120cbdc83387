import PickerClient
import PickerProtocol
import Testing

/// The merge of several hosts' stacks `pickerctl ui --host … --host …` shows.
@Suite struct MultiHostStackTests {
    func window(_ id: String, _ title: String, level: Level = .normal, state: WindowState = .visible, at seconds: Int64)
        -> WindowSummary
    {
        WindowSummary(
            window: WindowID(id), kind: "text", title: title, level: level, levelName: nil, state: state,
            isKey: false, tag: nil, deadline: nil, createdAt: Timestamp(milliseconds: seconds * 1000))
    }

    /// A host's snapshot: `windows` top first, the first visible one key.
    func snapshot(_ windows: [WindowSummary]) -> StackSnapshot {
        let key = windows.first { $0.state == .visible }?.window
        return StackSnapshot(list: WindowList(key: key, windows: windows))
    }

    @Test func windowsAreOrderedByLevelThenAgeAcrossHostsAndQualified() {
        var stack = MultiHostStack(addresses: ["local", "ssh://deploy@build-7:2222"])
        #expect(stack.hosts.map(\.label) == ["local", "build-7"])
        stack.update(
            host: 0, snapshot: snapshot([window("w2", "Local new", at: 30), window("w1", "Local old", at: 10)]))
        stack.update(
            host: 1,
            snapshot: snapshot([window("w1", "Remote alert", level: .alert, at: 5), window("w2", "Remote", at: 20)]))
        let merged = stack.merged
        #expect(
            merged.windows.map(\.title) == [
                "build-7: Remote alert", "local: Local new", "build-7: Remote", "local: Local old",
            ])
        #expect(merged.windows.map(\.window.rawValue) == ["build-7/w1", "local/w2", "build-7/w2", "local/w1"])
        #expect(merged.key?.window == WindowID("build-7/w1"), "the alert is on top of the merged stack")
        #expect(merged.windows.filter(\.isKey).count == 1)
        // The same id on two hosts goes back to the host that asked.
        #expect(stack.locate(WindowID("build-7/w2"))! == (1, WindowID("w2")))
        #expect(stack.locate(WindowID("local/w2"))! == (0, WindowID("w2")))
        #expect(stack.locate(WindowID("w2")) == nil, "an unqualified id names no host")
    }

    @Test func theKeyIsTheTopmostOfTheHostsOwnKeys() {
        var stack = MultiHostStack(addresses: ["/run/a.sock", "/run/b.sock"])
        // Host a's newest window is hidden: its own key is the older one.
        stack.update(
            host: 0,
            snapshot: snapshot([window("w9", "Hidden", state: .hidden, at: 50), window("w1", "Older", at: 10)]))
        stack.update(host: 1, snapshot: snapshot([window("w3", "Middle", at: 20)]))
        #expect(stack.merged.windows.first?.title == "a.sock: Hidden", "the stack shows it, on top")
        #expect(stack.merged.key?.title == "b.sock: Middle", "but a hidden window is never key")
    }

    @Test func aHostLostIsSaidOnceItsWindowsLeaveAndItComesBack() {
        var stack = MultiHostStack(addresses: ["local", "ssh://build-7"])
        stack.update(host: 0, snapshot: snapshot([window("w1", "Stays", at: 10)]))
        stack.update(host: 1, snapshot: snapshot([window("w1", "Goes", at: 20)]))
        #expect(stack.merged.key?.title == "build-7: Goes")
        let first = stack.lose(host: 1, because: "the connection ended")
        let again = stack.lose(host: 1, because: "connection refused")
        #expect(first, "said the first time")
        #expect(!again, "not again while it is retried")
        #expect(stack.hosts[1].lostBecause == "the connection ended")
        #expect(stack.merged.windows.map(\.title) == ["local: Stays"])
        #expect(stack.merged.key?.title == "local: Stays", "the other host's window is key, undisturbed")
        #expect(stack.locate(WindowID("build-7/w1")) == nil, "nothing goes to a host that is away")
        stack.update(host: 1, snapshot: snapshot([window("w1", "Back", at: 30)]))
        #expect(stack.hosts[1].lostBecause == nil)
        #expect(stack.merged.key?.title == "build-7: Back")
        let newLoss = stack.lose(host: 1, because: "again")
        #expect(newLoss, "a new loss is said again")
    }

    @Test func oneHostIsNeitherQualifiedNorLabelled() {
        var stack = MultiHostStack(addresses: ["local"])
        stack.update(host: 0, snapshot: snapshot([window("w1", "Plain", at: 10)]))
        #expect(stack.merged.windows.map(\.title) == ["Plain"])
        #expect(stack.merged.key?.window == WindowID("w1"))
        #expect(stack.locate(WindowID("w1"))! == (0, WindowID("w1")))
    }

    @Test func labelsTwoHostsWouldShareAreTheAddressesAsWritten() {
        let stack = MultiHostStack(addresses: ["/tmp/one/pickerd.sock", "/tmp/two/pickerd.sock", "ssh://h"])
        #expect(stack.hosts.map(\.label) == ["/tmp/one/pickerd.sock", "/tmp/two/pickerd.sock", "h"])
    }

    @Test func idsThatQualifyAlikeAreLeftOut() {
        // Labels a, a/b (two socket paths named b) and ssh://b.
        var stack = MultiHostStack(addresses: ["ssh://a", "a/b", "ssh://b"])
        #expect(stack.hosts.map(\.label) == ["a", "a/b", "ssh://b"])
        stack.update(host: 1, snapshot: snapshot([window("w1", "Genuine", at: 10)]))
        stack.update(host: 0, snapshot: snapshot([window("b/w1", "Forged", at: 20)]))
        #expect(stack.merged.windows.isEmpty, "neither is shown: which host asked is unknown")
        #expect(stack.merged.list.key == nil)
        #expect(stack.locate(WindowID("a/b/w1")) == nil, "so nothing is answered on the wrong host")
        stack.update(host: 0, snapshot: snapshot([]))
        #expect(stack.merged.windows.map(\.title) == ["a/b: Genuine"])
    }
}
