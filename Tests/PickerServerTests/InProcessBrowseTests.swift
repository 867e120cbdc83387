import PickerJSON
import PickerProtocol
import PickerServerTesting
import PickerTestSupport
import Testing

/// `browse` relayed to a file window's owner (PROTOCOL.md, `file`), on the
/// embedded daemon and its manual clock: the daemon lists nothing itself,
/// sends the request on with an id of its own, checks the owner's answer as
/// untrusted input, and tells the front-end when there is no one to list.
@Suite struct InProcessBrowseTests {
    let daemon: EmbeddedDaemon
    let owner: EmbeddedConnection
    let front: EmbeddedConnection
    let window: WindowID

    init() throws {
        daemon = try EmbeddedDaemon()
        owner = try EmbeddedConnection(daemon)
        front = try EmbeddedConnection(daemon)
        window = try owner.presentWindow(
            Present(kind: "file", options: ["root": "/srv/in", "patterns": ["*.png"]], browsable: true)
        ).window
    }

    /// The request the owner was sent, which must be the only one.
    func relayed() throws -> JSON {
        let requests = try owner.takeDaemonRequests()
        try #require(requests.count == 1)
        return requests[0]
    }

    func answer(_ request: JSON, result: JSON) {
        let line = JSON.object(["jsonrpc": "2.0", "id": request["id"] ?? .null, "result": result]).serialized()
        owner.send(line: line)
    }

    @Test func aFrontEndsBrowseIsAnsweredByTheOwnersListing() throws {
        let id = front.send(Browse(window: window, path: "/srv/in/a"))
        let request = try relayed()
        #expect(request["method"] == "browse" && request["params"]?["path"] == "/srv/in/a")
        #expect(request["id"]?.stringValue?.hasPrefix("b") == true, "an id of the daemon's own, not the front-end's")
        #expect(try front.responses()[id] == nil, "nothing until the owner answers")
        let listing: JSON = [
            "path": "/srv/in/a", "truncated": false,
            "entries": [
                ["name": "b.png", "type": "file", "size": 3], ["name": "line\nbreak\u{1B}[2J", "type": "dir"],
            ],
        ]
        answer(request, result: listing)
        let got = try #require(try front.responses()[id]).get()
        #expect(BrowseListing(json: got) == BrowseListing(json: listing))
        #expect(try owner.responses().isEmpty && owner.others.isEmpty, "the owner's answer is not answered")
    }

    @Test func withoutABrowsableOwnerTheFrontEndIsToldToTypeAPath() throws {
        let plain = try owner.presentWindow(Present(kind: "file")).window
        let error = try #require(try front.request(Browse(window: plain, path: "/")).failure)
        #expect(error.code == .browseUnavailable && error.message.contains("type a path"))
        owner.disconnect()
        let gone = try #require(try front.request(Browse(window: window, path: "/srv/in")).failure)
        #expect(gone.code == .noSuchWindow || gone.code == .alreadyDismissed || gone.code == .browseUnavailable)
    }

    @Test func anOwnerThatNeverAnswersTimesOutByTheDaemonsClock() throws {
        let id = front.send(Browse(window: window, path: "/srv/in"))
        _ = try relayed()
        daemon.advance(milliseconds: 4_000)
        #expect(try front.responses()[id] == nil)
        daemon.advance(milliseconds: 1_001)
        let error = try #require(try front.responses()[id]?.failure)
        #expect(error.code == .browseUnavailable && error.message.contains("in time"))
    }

    @Test func anOwnerThatLeavesFailsItsWaitingRequestsAtOnce() throws {
        let window = try owner.presentWindow(
            Present(kind: "file", onDisconnect: .keep, browsable: true)
        ).window
        let id = front.send(Browse(window: window, path: "/"))
        owner.disconnect()
        let error = try #require(try front.responses()[id]?.failure)
        #expect(error.code == .browseUnavailable)
    }

    @Test func anIllMadeListingIsRefusedAndTheDaemonGoesOn() throws {
        let tooMany = JSON.array(Array(repeating: ["name": "x", "type": "file"], count: BrowseListing.mostEntries + 1))
        let bad: [JSON] = [
            ["path": "/srv/in", "truncated": false, "entries": [["name": "../../etc", "type": "dir"]]],
            ["path": "/srv/in", "truncated": false, "entries": [["name": "a/b", "type": "file"]]],
            ["path": "/srv/in", "truncated": false, "entries": [["name": "a", "type": "socket"]]],
            ["path": "/srv/in", "truncated": false, "entries": [["name": "a", "type": "file", "size": -1]]],
            ["path": "/etc", "truncated": false, "entries": []],
            ["path": "/srv/in", "truncated": true, "entries": tooMany],
            "not a listing",
        ]
        for result in bad {
            let id = front.send(Browse(window: window, path: "/srv/in"))
            answer(try relayed(), result: result)
            let error = try #require(try front.responses()[id]?.failure)
            #expect(error.code == .browseUnavailable, "\(result)")
        }
        // The owner's error is passed on as one line without control characters.
        let id = front.send(Browse(window: window, path: "/srv/in"))
        let request = try relayed()
        owner.send(
            line: JSON.object([
                "jsonrpc": "2.0", "id": request["id"]!, "error": ["code": -1, "message": "no\n\u{1B}]52;c;x\u{7}way"],
            ]).serialized())
        let error = try #require(try front.responses()[id]?.failure)
        #expect(error.message.hasSuffix("no]52;c;xway"))
        #expect(try front.call(Ping()) == "pong" && daemon.invariantViolation() == nil)
    }

    @Test func answersTheDaemonNeverAskedForAreDropped() throws {
        let id = front.send(Browse(window: window, path: "/srv/in"))
        let request = try relayed()
        // Another connection answers in the owner's place; then made-up ids.
        front.send(
            line:
                #"{"jsonrpc":"2.0","id":\#(request["id"]!.serialized()),"result":{"path":"/srv/in","entries":[],"truncated":false}}"#
        )
        front.send(line: #"{"jsonrpc":"2.0","id":"b999","result":1}"#)
        owner.send(
            line: #"[{"jsonrpc":"2.0","id":7,"result":1},{"jsonrpc":"2.0","id":"b5","error":{"code":1,"message":"x"}}]"#
        )
        #expect(try front.responses()[id] == nil && front.others.isEmpty && owner.others.isEmpty)
        answer(request, result: ["path": "/srv/in", "entries": [], "truncated": false])
        #expect(try front.responses()[id]?.get()["entries"] == [])
    }

    @Test func pathsOutsideTheRootOrNotNormalizedAreRefusedBeforeTheOwnerIsAsked() throws {
        for path in [
            "/srv/in/..", "/srv/in/../etc", "/srv", "/srv/inside", "/srv/in/", "//srv/in", "/srv/in/./a", "srv/in",
        ] {
            let error = try #require(try front.request(Browse(window: window, path: path)).failure, "\(path)")
            #expect(error.code == .invalidParams, "\(path)")
        }
        #expect(try owner.takeDaemonRequests().isEmpty)
        let text = try owner.presentWindow(Present(kind: "text")).window
        #expect(try front.request(Browse(window: text, path: "/")).failure?.code == .invalidParams)
    }

    @Test func aFloodOfBrowseIsLimitedPerConnection() throws {
        var refused = 0
        for _ in 0..<100 {
            let id = front.send(Browse(window: window, path: "/srv/in"))
            if case .failure(let error)? = try front.responses()[id], error.code == .limitReached { refused += 1 }
        }
        // At most 4 wait on owners per connection (BrowseRelay.mostWaitingPerConnection).
        #expect(refused == 100 - 4)
        #expect(try owner.takeDaemonRequests().count == 4)
        // Another connection is not held back by this one.
        let other = try EmbeddedConnection(daemon)
        _ = other.send(Browse(window: window, path: "/srv/in"))
        #expect(try owner.takeDaemonRequests().count == 1)
    }

    @Test func browseNeedsAnswerOrOwnership() throws {
        let stranger = try EmbeddedConnection(daemon, uid: 4321)
        let error = try #require(try stranger.request(Browse(window: window, path: "/srv/in")).failure)
        #expect(error.code == .permissionDenied)
        #expect(try owner.takeDaemonRequests().isEmpty)
    }
}
