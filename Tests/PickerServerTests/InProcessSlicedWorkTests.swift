import PickerJSON
import PickerProtocol
import PickerServer
import PickerServerTesting
import PickerTestSupport
import Testing

/// Work too large for one loop iteration, done a slice at a time
/// (`SlicedWork`): a long `list` and many waits timing out together. Each
/// gives the same answers, in the same order, as when done at once, and the
/// daemon answers others between slices. Speed itself is pickerbench's
/// (`hostile`), never a test's.
@Suite struct InProcessSlicedWorkTests {
    /// Ten windows of every shape a summary has: levels with and without a
    /// name, hidden ones, tags, deadlines, a preset-less kind of each sort.
    static func stackOfTen(_ client: EmbeddedConnection) throws -> [WindowID] {
        try (0..<10).map { number in
            try client.presentWindow(
                Present(
                    kind: number % 3 == 0 ? "date" : "text", title: "window \(number) \"quoted\"",
                    level: number % 4 == 0 ? "alert" : (number % 4 == 1 ? .value(7) : nil),
                    timeoutMilliseconds: number % 2 == 0 ? 60_000 : nil, tag: number % 5 == 0 ? "tag \(number)" : nil,
                    hidden: number % 3 == 1)
            ).window
        }
    }

    static let listLine = #"{"jsonrpc":"2.0","id":"same","method":"list"}"#

    @Test func aLongListIsTheSameLineBuiltInSlices() throws {
        let daemon = try EmbeddedDaemon()
        let client = try EmbeddedConnection(daemon)
        _ = try Self.stackOfTen(client)
        for line in [Self.listLine, #"{"jsonrpc":"2.0","id":7,"method":"list","params":{"include_hidden":false}}"#] {
            daemon.sliceBudgets = SliceBudgets()
            client.send(line: line)
            let atOnce = try #require(client.readLine())
            #expect(!daemon.hasSlicedWork)
            daemon.sliceBudgets = SliceBudgets(listWindows: 3)
            client.send(line: line)
            #expect(client.readLine() == nil, "the first slice holds 3 of the windows")
            var slices = 0
            while daemon.hasSlicedWork {
                #expect(client.readLine() == nil, "written only once complete")
                daemon.runNextSlice()
                slices += 1
            }
            #expect(slices >= 2)
            #expect(client.readLine() == atOnce, "byte for byte")
        }
    }

    @Test func othersAreAnsweredBetweenSlicesAndTheListerKeepsItsOrder() throws {
        let daemon = try EmbeddedDaemon(sliceBudgets: SliceBudgets(listWindows: 3))
        let lister = try EmbeddedConnection(daemon)
        let windows = try Self.stackOfTen(lister)
        _ = try lister.call(Subscribe())
        _ = try lister.takeEvents()
        let other = try EmbeddedConnection(daemon)
        lister.send(line: Self.listLine)
        lister.send(line: #"{"jsonrpc":"2.0","id":"then","method":"ping"}"#)
        // Another connection is served meanwhile, and its change makes an
        // event the lister gets only after the list it asked for before.
        #expect(try other.call(Ping()) == "pong")
        _ = try other.call(Cancel(window: windows[0]))
        #expect(lister.readLine() == nil, "neither the ping's answer nor the events overtake the list")
        while daemon.hasSlicedWork { daemon.runNextSlice() }
        let list = try #require(try lister.readMessage())
        let result = try #require(list["result"])
        let listed = try #require(List.decode(result))
        #expect(
            listed.windows.count == 10 && listed.windows.contains { $0.window == windows[0] },
            "the stack as it was asked for")
        // Then what happened meanwhile, in order: the cancel's event, and only
        // then the next line's answer, as that line ran after the list.
        let event = try #require(try lister.readMessage())
        #expect(
            event["params"]?["type"] == "window.dismissed" && event["params"]?["window"] == .string(windows[0].rawValue)
        )
        #expect(try lister.readMessage()?["id"] == "then")
        #expect(try lister.readMessage() == nil)
    }

    @Test func aLongListInABatchIsTheSameBatchBuiltInSlices() throws {
        let daemon = try EmbeddedDaemon()
        let client = try EmbeddedConnection(daemon)
        _ = try Self.stackOfTen(client)
        let batch =
            #"[{"jsonrpc":"2.0","id":1,"method":"list"},{"jsonrpc":"2.0","id":2,"method":"ping"},{"jsonrpc":"2.0","id":3,"method":"list","params":{"level":"alert"}}]"#
        client.send(line: batch)
        let atOnce = try #require(client.readLine())
        daemon.sliceBudgets = SliceBudgets(listWindows: 1)
        client.send(line: batch)
        #expect(client.readLine() == nil)
        while daemon.hasSlicedWork { daemon.runNextSlice() }
        #expect(client.readLine() == atOnce)
    }

    @Test func aListerThatLeavesStopsItsList() throws {
        let daemon = try EmbeddedDaemon(sliceBudgets: SliceBudgets(listWindows: 2))
        let lister = try EmbeddedConnection(daemon)
        _ = try Self.stackOfTen(lister)
        lister.send(line: Self.listLine)
        #expect(daemon.hasSlicedWork)
        lister.disconnect()
        daemon.runNextSlice()
        #expect(!daemon.hasSlicedWork, "dropped at its next slice")
        let other = try EmbeddedConnection(daemon)
        #expect(try other.call(Ping()) == "pong")
    }

    /// 10 waits timing out together, 3 per slice: every one answered -32003
    /// with its own message, in the order they began waiting; one whose window
    /// ends between slices gets the window's outcome instead.
    @Test func waitsTimingOutTogetherAreAnsweredInSlicesInOrder() throws {
        let daemon = try EmbeddedDaemon(sliceBudgets: SliceBudgets(expiries: 3))
        let client = try EmbeddedConnection(daemon)
        let window = try client.presentWindow(Present(kind: "text")).window
        let other = try client.presentWindow(Present(kind: "text")).window
        var waits = (0..<8).map { _ in client.send(Wait(window: window, timeoutMilliseconds: 1_000)) }
        let onOther = client.send(Wait(window: other, timeoutMilliseconds: 1_000))
        waits.insert(onOther, at: 4)
        waits.append(client.send(Wait(window: window, timeoutMilliseconds: 1_000)))
        let later = client.send(Wait(window: window, timeoutMilliseconds: 5_000))
        daemon.advance(milliseconds: 999)
        #expect(client.readLine() == nil)
        daemon.advance(milliseconds: 1)
        var order: [Int64] = []
        func take(timeout: Int = 1000) throws -> [Int64] {
            var ids: [Int64] = []
            while let message = try client.readMessage() {
                let id = try #require(message["id"]?.integerValue)
                ids.append(id)
                if id == onOther, message["result"] != nil { continue }
                #expect(message["error"]?["code"] == -32003)
                let which = id == onOther ? other : window
                #expect(
                    message["error"]?["message"]
                        == .string("wait timed out after \(timeout) ms; window \(which) is still open"))
            }
            return ids
        }
        order += try take()
        #expect(order == Array(waits.prefix(3)), "the first slice at once, in the order of waiting")
        // The other window ends before its waiter's slice: it gets the outcome.
        let ended = try EmbeddedConnection(daemon)
        _ = try ended.call(Submit(window: other, value: "in time"))
        let outcome = try #require(try client.readMessage())
        #expect(outcome["id"] == .integer(onOther) && outcome["result"]?["value"] == "in time")
        order.append(onOther)
        while daemon.hasSlicedWork {
            daemon.runNextSlice()
            order += try take()
        }
        #expect(order.filter { $0 != onOther } == waits.filter { $0 != onOther }, "every wait, once, in order")
        daemon.advance(milliseconds: 4_000)
        #expect(try take(timeout: 5000) == [later], "a later timeout still fires")
    }

    /// A slice of timeouts also ends when its time is up (`expiryTime`), by
    /// the real clock, however many it may take by count: with no time at all
    /// it answers one, and the rest come one a slice, in order.
    @Test func aSliceOfTimeoutsEndsWhenItsTimeIsUp() throws {
        let daemon = try EmbeddedDaemon(sliceBudgets: SliceBudgets(expiries: 1_000, expiryTime: .zero))
        let client = try EmbeddedConnection(daemon)
        let window = try client.presentWindow(Present(kind: "text")).window
        let waits = (0..<5).map { _ in client.send(Wait(window: window, timeoutMilliseconds: 1_000)) }
        daemon.advance(milliseconds: 1_000)
        var slices: [[Int64]] = []
        repeat {
            var ids: [Int64] = []
            while let message = try client.readMessage() {
                #expect(message["error"]?["code"] == -32003)
                ids.append(try #require(message["id"]?.integerValue))
            }
            slices.append(ids)
            if daemon.hasSlicedWork { daemon.runNextSlice() }
        } while daemon.hasSlicedWork || slices.last?.isEmpty == false
        #expect(slices.filter { !$0.isEmpty } == waits.map { [$0] }, "one a slice, in the order of waiting")
    }

    /// Lines held back once an iteration's lines had their time run in later
    /// slices only while the peer reads what it is sent, as the lines the
    /// framing handler holds do; the peer shutting its sending side waits
    /// for them: every line read before it is answered, in order, and then
    /// the connection closes. (Before, they ran whether the peer read or not:
    /// a slow reader's answers piled up in the daemon, and once its input
    /// ended the connection was closed two seconds later with them unread.)
    @Test func linesHeldBackRunWhileThePeerReadsAndOutliveItsInput() throws {
        let daemon = try EmbeddedDaemon(sliceBudgets: SliceBudgets(lineTime: .zero))
        let client = try EmbeddedConnection(daemon)
        let count = 40
        let lines = (0..<count).map { #"{"jsonrpc":"2.0","id":\#($0),"method":"plugins"}"# }
        client.send(raw: Array((lines.joined(separator: "\n") + "\n").utf8))
        func answered() throws -> [Int64] {
            var ids: [Int64] = []
            while let message = try client.readMessage() {
                #expect(message["result"]?.arrayValue?.isEmpty == false, "the kinds")
                ids.append(try #require(message["id"]?.integerValue))
            }
            return ids
        }
        var ids = try answered()
        #expect(ids == [0], "one line an iteration, the rest held back")
        daemon.setPeerReads(false, on: client.number)
        client.shutInput()
        for _ in 0..<count { daemon.runNextSlice() }
        #expect(try answered().isEmpty, "no held-back line runs while the peer does not read")
        #expect(client.isOpen, "nor does its input's end close it")
        daemon.setPeerReads(true, on: client.number)
        for _ in 0..<(2 * count) where client.isOpen || daemon.hasSlicedWork {
            daemon.runNextSlice()
            ids += try answered()
        }
        ids += try answered()
        #expect(ids == Array(0..<Int64(count)), "every line, once, in order")
        #expect(!client.isOpen, "then it closes, its input having ended")
    }

    /// A batch of `count` `plugins` requests, numbered from 0.
    static func pluginsBatch(_ count: Int) -> String {
        "[" + (0..<count).map { #"{"jsonrpc":"2.0","id":\#($0),"method":"plugins"}"# }.joined(separator: ",") + "]"
    }

    /// A batch's members run as long as the iteration's lines have time
    /// (here one a slice): others are answered between its slices, the
    /// batcher's next line waits behind it, and the batch's line is the one
    /// built at once, byte for byte. (Before, a batch was one line run whole
    /// in one iteration: 100 connections × 1,000 `plugins` cost a bystander
    /// 54–196 ms.)
    @Test func aBatchRunsAcrossSlicesOnceItsTimeIsSpent() throws {
        let daemon = try EmbeddedDaemon()
        let batcher = try EmbeddedConnection(daemon)
        let batch = Self.pluginsBatch(20)
        batcher.send(line: batch)
        let atOnce = try #require(batcher.readLine())
        daemon.sliceBudgets = SliceBudgets(lineTime: .zero)
        batcher.send(line: batch)
        batcher.send(line: #"{"jsonrpc":"2.0","id":"then","method":"ping"}"#)
        let bystander = try EmbeddedConnection(daemon)
        #expect(try bystander.call(Ping()) == "pong")
        #expect(batcher.readLine() == nil, "one member ran; the rest and the next line wait")
        #expect(daemon.hasSlicedWork)
        var slices = 0
        while daemon.hasSlicedWork {
            #expect(try bystander.call(Ping()) == "pong", "answered between slices")
            daemon.runNextSlice()
            slices += 1
        }
        #expect(slices >= 19, "a member a slice")
        #expect(batcher.readLine() == atOnce, "byte for byte")
        #expect(try batcher.readMessage()?["id"] == "then", "then the next line")
    }

    /// A line read once the iteration's lines have had their time waits for
    /// a slice; from a connection with nothing else waiting it takes the next
    /// one, not the back of the queue: a bystander's ping read beside 100
    /// attackers' batches waited behind up to 100 of their slices (issue 27).
    @Test func aLineFromAPeerWithNothingWaitingTakesTheNextSlice() throws {
        let daemon = try EmbeddedDaemon(sliceBudgets: SliceBudgets(lineTime: .zero))
        let batchers = try (0..<5).map { _ in try EmbeddedConnection(daemon) }
        let starter = try EmbeddedConnection(daemon)
        let bystander = try EmbeddedConnection(daemon)
        let batch = Array((Self.pluginsBatch(20) + "\n").utf8)
        daemon.send(together: batchers.map { (batch, $0.number) })
        #expect(daemon.hasSlicedWork)
        // The starter's ping spends the iteration's time; the bystander's waits.
        let ping = Array(#"{"jsonrpc":"2.0","id":1,"method":"ping"}"#.utf8) + [0x0A]
        daemon.send(together: [(ping, starter.number), (ping, bystander.number)])
        #expect(try starter.readMessage()?["result"] == "pong")
        #expect(bystander.readLine() == nil, "held back")
        daemon.runNextSlice()
        #expect(try bystander.readMessage()?["result"] == "pong", "answered at the next slice")
    }

    /// The rest of a batch runs only while the peer reads what it is sent: a
    /// peer that stops has its batch paused, with nothing built and nothing
    /// scheduled for it, until it reads again.
    @Test func aBatchWaitsWhileItsPeerDoesNotRead() throws {
        let daemon = try EmbeddedDaemon(sliceBudgets: SliceBudgets(lineTime: .zero))
        let batcher = try EmbeddedConnection(daemon)
        batcher.send(line: Self.pluginsBatch(10))
        daemon.setPeerReads(false, on: batcher.number)
        for _ in 0..<20 { daemon.runNextSlice() }
        #expect(!daemon.hasSlicedWork, "paused, not polled")
        #expect(batcher.readLine() == nil)
        #expect(batcher.isOpen)
        daemon.setPeerReads(true, on: batcher.number)
        for _ in 0..<20 where daemon.hasSlicedWork { daemon.runNextSlice() }
        let answers = try #require(try batcher.readMessage()?.arrayValue)
        #expect(answers.map { $0["id"]?.integerValue } == (0..<10).map { Int64($0) }, "every member, in order")
        #expect(answers.allSatisfy { $0["result"]?.arrayValue?.isEmpty == false })
    }

    /// A daemon that runs one line a slice, where a dismiss window ends the
    /// moment its asker goes (reattach_ms 0): a connection that looks, and
    /// one that sends and goes away.
    static func ownerAndAVanishingPeer() throws -> (owner: EmbeddedConnection, vanishing: EmbeddedConnection) {
        let daemon = try EmbeddedDaemon(
            config: #"{"windows": {"reattach_ms": 0}}"#, sliceBudgets: SliceBudgets(lineTime: .zero))
        return (try EmbeddedConnection(daemon), try EmbeddedConnection(daemon))
    }

    /// A peer that goes away with a batch half run has the rest run at
    /// once (here a window presented, which then ends as its owner's), and
    /// the lines it sent after it.
    @Test func theRestOfABatchRunsWhenThePeerGoesAway() throws {
        let (owner, vanishing) = try Self.ownerAndAVanishingPeer()
        let present =
            #"{"jsonrpc":"2.0","id":1,"method":"present","params":{"kind":"text","title":"in the batch","wait":true,"on_disconnect":"dismiss"}}"#
        let after =
            #"{"jsonrpc":"2.0","id":2,"method":"present","params":{"kind":"text","title":"after it","wait":true,"on_disconnect":"dismiss"}}"#
        vanishing.send(
            raw: Array((#"[{"jsonrpc":"2.0","id":0,"method":"ping"},"# + present + "]\n" + after + "\n").utf8))
        #expect(try owner.call(List()).windows.isEmpty, "the present waits behind the ping")
        vanishing.disconnect()
        let outcomes = try owner.request(History(limit: 10)).get()["outcomes"]?.arrayValue ?? []
        #expect(
            outcomes.filter { $0["reason"] == "owner_gone" }.count == 2, "both presented, then ended with their asker")
    }

    /// Of a batch left half run by a peer that goes away, only what outlives
    /// the connection runs (here the `present`, whose window then ends as
    /// its owner's), not the members whose one effect is their answer: 100
    /// peers of the `plugins` attack closing together had 15,000 answers
    /// built for nobody in one loop iteration (issue 27).
    @Test func aBatchLeftByItsPeerRunsOnlyWhatOutlivesTheConnection() throws {
        let daemon = try EmbeddedDaemon(
            config: #"{"windows": {"reattach_ms": 0}}"#, sliceBudgets: SliceBudgets(lineTime: .zero))
        let owner = try EmbeddedConnection(daemon)
        let vanishing = try EmbeddedConnection(daemon)
        let plugins = Array(repeating: #"{"jsonrpc":"2.0","id":0,"method":"plugins"}"#, count: 50)
        let present =
            #"{"jsonrpc":"2.0","id":1,"method":"present","params":{"kind":"text","title":"in the batch","wait":true,"on_disconnect":"dismiss"}}"#
        vanishing.send(raw: Array(("[" + (plugins + [present] + plugins).joined(separator: ",") + "]\n").utf8))
        #expect(try owner.call(List()).windows.isEmpty, "the present waits behind the first plugins")
        let ranBefore = daemon.batchMembersRun
        vanishing.disconnect()
        let outcomes = try owner.request(History(limit: 10)).get()["outcomes"]?.arrayValue ?? []
        #expect(outcomes.filter { $0["reason"] == "owner_gone" }.count == 1, "presented, then ended with its asker")
        #expect(daemon.batchMembersRun - ranBefore == 1, "only the present ran")
    }

    /// A peer that goes away with lines held back still has them run (here
    /// a window presented, which then ends as its owner's), as when they had
    /// run at once. (Before, they were dropped with the connection.)
    @Test func linesHeldBackRunWhenThePeerGoesAway() throws {
        let (owner, vanishing) = try Self.ownerAndAVanishingPeer()
        let present =
            #"{"jsonrpc":"2.0","id":1,"method":"present","params":{"kind":"text","title":"held back","wait":true,"on_disconnect":"dismiss"}}"#
        vanishing.send(raw: Array((#"{"jsonrpc":"2.0","id":0,"method":"ping"}"# + "\n" + present + "\n").utf8))
        #expect(try owner.call(List()).windows.isEmpty, "the present waits behind the ping")
        vanishing.disconnect()
        let outcomes = try owner.request(History(limit: 10)).get()["outcomes"]?.arrayValue ?? []
        #expect(outcomes.contains { $0["reason"] == "owner_gone" }, "presented, then ended with its asker")
    }
}
