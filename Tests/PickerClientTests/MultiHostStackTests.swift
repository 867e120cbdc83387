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
        // Seen in this order: Local old, Remote alert, Remote, Local new.
        let localOld = window("w1", "Local old", at: 10)
        stack.update(host: 0, snapshot: snapshot([localOld]))
        stack.update(
            host: 1,
            snapshot: snapshot([window("w1", "Remote alert", level: .alert, at: 5), window("w2", "Remote", at: 20)]))
        stack.update(host: 0, snapshot: snapshot([window("w2", "Local new", at: 30), localOld]))
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
        let older = window("w1", "Older", at: 10)
        stack.update(host: 0, snapshot: snapshot([older]))
        stack.update(host: 1, snapshot: snapshot([window("w3", "Middle", at: 20)]))
        stack.update(host: 0, snapshot: snapshot([window("w9", "Hidden", state: .hidden, at: 50), older]))
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

    @Test func labelsAreUniqueAndFreeOfSlashes() {
        let stack = MultiHostStack(addresses: [
            "/tmp/one/pickerd.sock", "/tmp/two/pickerd.sock", "ssh://h", "ssh://h/run/p.sock", "/tmp/pickerd.sock#2",
            "/tmp/x/pickerd.sock", "/",
        ])
        #expect(
            stack.hosts.map(\.label) == [
                "pickerd.sock", "pickerd.sock#3", "h", "h#2", "pickerd.sock#2", "pickerd.sock#4", "%2F",
            ], "a number never takes another host's own label")
    }

    @Test func qualifiedIdsNameOneHostEach() {
        // Labels that were `ssh://x` and `ssh://x/run/p.sock`: host 0's id
        // `run/p.sock/w1` once qualified alike with host 1's `w1`.
        var stack = MultiHostStack(addresses: ["ssh://x", "ssh://x/run/p.sock"])
        #expect(stack.hosts.map(\.label) == ["x", "x#2"])
        stack.update(host: 1, snapshot: snapshot([window("w1", "Genuine", at: 10)]))
        stack.update(host: 0, snapshot: snapshot([window("run/p.sock/w1", "Forged", at: 20)]))
        #expect(stack.merged.windows.map(\.title) == ["x: Forged", "x#2: Genuine"])
        #expect(stack.locate(WindowID("x#2/w1"))! == (1, WindowID("w1")))
        #expect(stack.locate(WindowID("x/run/p.sock/w1"))! == (0, WindowID("run/p.sock/w1")))
        // Every qualified id splits at its first `/` into its host's label.
        for summary in stack.merged.windows {
            let label = summary.window.rawValue.prefix { $0 != "/" }
            #expect(stack.hosts[stack.locate(summary.window)!.host].label == label)
        }
    }

    @Test func anIdADaemonListsTwiceIsLeftOut() {
        var stack = MultiHostStack(addresses: ["ssh://a", "ssh://b"])
        stack.update(host: 0, snapshot: snapshot([window("w1", "One", at: 10), window("w1", "Two", at: 5)]))
        stack.update(host: 1, snapshot: snapshot([window("w1", "Other", at: 20)]))
        #expect(stack.merged.windows.map(\.title) == ["b: Other"], "which of a's two is answered is unknown")
        #expect(stack.locate(WindowID("a/w1")) == nil)
    }

    /// A host's clock and its level are its own word: across hosts, neither
    /// keeps its windows above what this follower saw later.
    @Test func aFastClockOrAHugeLevelStaysNoLongerOnTop() {
        var stack = MultiHostStack(addresses: ["local", "ssh://hostile"])
        let farFuture: Int64 = 4_000_000_000
        let hostile = window("h1", "Hostile", level: Level(100_000)!, at: farFuture)
        stack.update(host: 1, snapshot: snapshot([hostile, window("h2", "Ahead", at: farFuture)]))
        stack.update(host: 0, snapshot: snapshot([window("w1", "Local alert", level: .alert, at: 10)]))
        #expect(stack.merged.key?.title == "local: Local alert", "level 100000 counts as alert; seen later wins")
        #expect(stack.merged.windows.map(\.title) == ["local: Local alert", "hostile: Hostile", "hostile: Ahead"])
        // A normal local window seen later is above the host's normal one from the "future".
        stack.update(host: 1, snapshot: snapshot([window("h2", "Ahead", at: farFuture)]))
        stack.update(host: 0, snapshot: snapshot([window("w2", "Local", at: 20)]))
        #expect(stack.merged.key?.title == "local: Local")
        // Below normal counts as normal; between two named levels as the lower.
        #expect(MultiHostStack.crossHostLevel(Level(-100_000)!) == .normal)
        #expect(MultiHostStack.crossHostLevel(Level(1999)!) == .statusBar)
        #expect(MultiHostStack.crossHostLevel(Level(100_000)!) == .alert)
    }

    @Test func aHostsOwnOrderIsKeptAndAReturningHostKeepsItsPlace() {
        var stack = MultiHostStack(addresses: ["local", "ssh://b"])
        // Host b raised its older window above its newer one.
        stack.update(host: 1, snapshot: snapshot([window("w1", "B raised", at: 10), window("w2", "B newer", at: 20)]))
        // Its clock says older; this follower saw it last.
        stack.update(host: 0, snapshot: snapshot([window("w1", "Local", at: 5)]))
        #expect(stack.merged.windows.map(\.title) == ["local: Local", "b: B raised", "b: B newer"])
        stack.lose(host: 1, because: "gone")
        stack.update(host: 1, snapshot: snapshot([window("w1", "B raised", at: 10), window("w2", "B newer", at: 20)]))
        #expect(stack.merged.key?.title == "local: Local", "seen before it went away, not new again")
    }

    /// Ctrl-N across hosts: the window chosen comes forward above the other
    /// hosts' windows of its level, once its host has raised it.
    @Test func aWindowBroughtForwardIsKeyAboveAnotherHostsNewerOne() {
        var stack = MultiHostStack(addresses: ["ssh://a", "ssh://b"])
        for (host, title) in [(0, "A old"), (1, "B new")] {
            stack.update(host: host, snapshot: snapshot([window("w1", title, at: 10)]))
        }
        #expect(stack.merged.key?.title == "b: B new", "seen last, whatever its host's clock")
        let round = stack.merged.windows.map { stack.roundPlace(of: $0).order }
        stack.bringForward(WindowID("a/w1"))
        #expect(stack.merged.key?.title == "a: A old")
        #expect(stack.merged.windows.map(\.title) == ["a: A old", "b: B new"])
        #expect(
            stack.merged.windows.map { stack.roundPlace(of: $0).order } == round.reversed(),
            "the round keeps its order")
        // A window of a higher level stays above it.
        stack.update(
            host: 1,
            snapshot: snapshot([window("w2", "B alert", level: .alert, at: 30), window("w1", "B new", at: 20)]))
        #expect(stack.merged.key?.title == "b: B alert")
    }
}
