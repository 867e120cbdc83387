import PickerJSON
import Testing

@testable import PickerProtocol

/// The value types on the wire read back what they write, and refuse what
/// the daemon never sends.
@Suite struct WireValueTests {
    static let at = Timestamp(milliseconds: 1_795_300_267_045)

    /// Written digit by digit for years 0 to 9999, by the general path past them.
    @Test func timestampsAreWrittenAtTheEdgesOfTheirYears() {
        #expect(Timestamp(milliseconds: 0).rfc3339 == "1970-01-01T00:00:00Z")
        #expect(Timestamp(milliseconds: -1).rfc3339 == "1969-12-31T23:59:59.999Z")
        #expect(Timestamp(milliseconds: -62_167_219_200_000).rfc3339 == "0000-01-01T00:00:00Z")
        #expect(Timestamp(milliseconds: 253_402_300_799_999).rfc3339 == "9999-12-31T23:59:59.999Z")
        #expect(Timestamp(milliseconds: 253_402_300_800_000).rfc3339 == "10000-01-01T00:00:00Z")
        #expect(Timestamp(milliseconds: 951_782_400_010).rfc3339 == "2000-02-29T00:00:00.010Z")
        var milliseconds: Int64 = -62_167_219_200_000
        while milliseconds < 253_402_300_800_000 {
            let written = Timestamp(milliseconds: milliseconds).rfc3339
            #expect(Timestamp(rfc3339: written)?.milliseconds == milliseconds, "\(written)")
            milliseconds += 7_777_777_777_777 / 1000 + 1
        }
    }

    @Test func timestampsReadWhatTheyWrite() {
        #expect(Self.at.rfc3339 == "2026-11-21T22:31:07.045Z")
        #expect(Timestamp(rfc3339: Self.at.rfc3339) == Self.at)
        #expect(Timestamp(rfc3339: "2026-11-21T22:31:07Z") == Timestamp(milliseconds: 1_795_300_267_000))
        #expect(Timestamp(rfc3339: "2026-11-21T22:31:07.5Z") == Timestamp(milliseconds: 1_795_300_267_500))
        #expect(Timestamp(rfc3339: "1969-12-31T23:59:59Z") == Timestamp(milliseconds: -1000))
        for bad in [
            "2026-02-30T00:00:00Z", "2026-11-21T24:00:00Z", "2026-11-21 22:31:07Z", "2026-11-21T22:31:07",
            "2026-11-21T22:31:07.Z", "2026-11-21T22:31:07xZ", "",
        ] {
            #expect(Timestamp(rfc3339: bad) == nil, "\(bad)")
        }
    }

    @Test func aSummaryKeepsItsBaseAndEveryField() throws {
        let summary = WindowSummary(
            window: WindowID("w3-k3f9q"), kind: "target", base: "custom", title: "Target", level: .alert,
            levelName: "alert",
            state: .hidden, isKey: false, tag: "deploy", deadline: Self.at.adding(milliseconds: 1000),
            createdAt: Self.at)
        #expect(
            summary.json.serialized()
                == #"{"window":"w3-k3f9q","kind":"target","base":"custom","title":"Target","level":2000,"level_name":"alert","state":"hidden","key":false,"tag":"deploy","deadline":"2026-11-21T22:31:08.045Z","created_at":"2026-11-21T22:31:07.045Z"}"#
        )
        #expect(WindowSummary(json: summary.json) == summary)
        #expect(summary.builtInKind == .custom)
        var builtIn = summary
        builtIn.base = nil
        #expect(builtIn.json["base"] == nil && builtIn.builtInKind == nil)
        builtIn.kind = "list"
        #expect(builtIn.builtInKind == .list)
        var broken = summary.fields
        broken["state"] = "floating"
        #expect(WindowSummary(json: .object(broken)) == nil)
    }

    @Test func outcomesDetailsAndListsRoundTrip() throws {
        let outcome = Outcome(
            window: WindowID("w1"), reason: .ownerGone, value: ["a", "b"], by: Peer(uid: 1000, pid: 42), at: Self.at)
        #expect(
            outcome.json.serialized()
                == #"{"window":"w1","reason":"owner_gone","value":["a","b"],"by":{"uid":1000,"pid":42},"at":"2026-11-21T22:31:07.045Z"}"#
        )
        #expect(Outcome(json: outcome.json) == outcome)
        #expect(Outcome(json: ["window": "w1", "reason": "vanished", "at": "2026-11-21T22:31:07Z"]) == nil)
        let summary = WindowSummary(
            window: WindowID("w1"), kind: "text", title: "", level: .normal, levelName: "normal", state: .visible,
            isKey: true,
            tag: nil, deadline: nil, createdAt: Self.at)
        let details = WindowDetails(
            summary: summary, message: "Why", options: ["secure": true], value: nil, owner: Peer(uid: 0, pid: 1))
        #expect(WindowDetails(json: details.json) == details)
        let list = WindowList(key: WindowID("w1"), windows: [summary])
        #expect(WindowList(json: list.json) == list)
        #expect(WindowList(json: ["key": .null, "windows": []]) == WindowList(key: nil, windows: []))
    }

    @Test func eventsReadBackWithTheirPayloads() throws {
        let summary = WindowSummary(
            window: WindowID("w2"), kind: "target", base: "custom", title: "T", level: .statusBar,
            levelName: "statusBar",
            state: .visible, isKey: true, tag: nil, deadline: nil, createdAt: Self.at)
        let outcome = Outcome(
            window: WindowID("w2"), reason: .submitted, value: ["a"], by: Peer(uid: 1, pid: 2), at: Self.at)
        let payloads: [(EventType, EventPayload)] = [
            (.presented, .presented(summary)), (.changed, .changed(value: ["a"])), (.changed, .changed(value: nil)),
            (.reordered, .reordered(level: .alert, levelName: "alert")), (.dismissed, .dismissed(outcome)),
            (.key, .none),
        ]
        for (type, payload) in payloads {
            let event = Event(subscription: "s3", seq: 7, type: type, window: WindowID("w2"), payload: payload)
            #expect(Event(params: event.params) == event, "\(type)")
            #expect(event.params.map(\.key).prefix(4) == ["subscription", "seq", "type", "window"])
        }
        #expect(Event(params: ["subscription": "s1", "seq": 1, "type": "window.teleported", "window": "w1"]) == nil)
    }

    @Test func statusAndHelloReadBack() throws {
        let status = DaemonStatus(
            version: "1.0", uptimeMilliseconds: 5, visibleWindows: 2, hiddenWindows: 1, key: WindowID("w1"),
            connections: 3,
            subscriptions: 0,
            counters: OutcomeCounters(
                presented: 4, byReason: [.submitted: 1, .cancelled: 0, .timeout: 0, .dismissed: 0, .ownerGone: 1]))
        #expect(DaemonStatus(json: status.json) == status)
        #expect(status.json["counters"]?["owner_gone"] == 1 && status.openWindows == 3)
        let hello = HelloReply(
            server: "pickerd", version: "1.0", protocolVersion: 1, levels: [.init("normal", 0), .init("alert", 2000)],
            kinds: ["date", "text"], permissions: [.present, .observe], limits: [.init("max_windows", 10_000)])
        #expect(HelloReply(json: hello.json) == hello)
        #expect(hello[limit: "max_windows"] == 10_000)
    }
}
