import PickerCore
import PickerJSON
import Testing

@testable import PickerProtocol

/// Summaries, outcomes and peers written straight into an answer's bytes
/// (`JSONObjectShape.serialize(into:)`) come out byte for byte as their
/// `JSON` trees serialize, for a spread of values; a value kept from the
/// reader never reaches the bytes.
@Suite struct ShapeBytesTests {
    /// Strings a client or a plugin may send: quotes, backslashes, control
    /// characters, a NUL, line and paragraph separators, non-ASCII, empty.
    static let strings = [
        "", "plain", #"quote " and \ backslash"#, "line\nbreak\ttab\r\u{08}\u{0C}", "nul \u{0} and \u{1F}\u{7F}",
        "\u{2028}\u{2029} separators", "Grüße € 🎉", "/slash</script>", String(repeating: "x", count: 300),
    ]

    /// Values of every kind, including numbers whose text the serializer chooses.
    static let values: [JSON] = [
        .null, true, false, 0, -1, .integer(Int64.max), .integer(Int64.min), 0.1, 1e-07, 100.0, -0.0, 1.5e300,
        .double(.infinity), "", "secret \"hunter2\"\n", [], [1, "two", [3.5], ["k": .null]],
        ["b": 1, "a": ["nested \u{1}": "é"], "": []],
    ]

    /// Deterministic, so a failure names a value that can be made again.
    struct Picks {
        var state: UInt64
        mutating func next(_ count: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(count))
        }
        mutating func string() -> String { ShapeBytesTests.strings[next(ShapeBytesTests.strings.count)] }
        mutating func optionalString() -> String? { next(3) == 0 ? nil : string() }
        mutating func peer() -> Peer? {
            guard next(3) > 0 else { return nil }
            let uids: [UInt32] = [0, 1000, .max]
            let pids: [Int32] = [1, 4242, .max]
            return Peer(
                uid: uids[next(3)], pid: pids[next(3)], user: optionalString(), command: optionalString(),
                client: optionalString())
        }
        mutating func timestamp() -> Timestamp {
            let times: [Int64] = [0, -1, 1_795_300_267_045, 253_402_300_799_999, -62_167_219_200_000]
            return Timestamp(milliseconds: times[next(times.count)])
        }
    }

    static func bytes(of shape: some JSONObjectShape, after prefix: String = "") -> String {
        var bytes = Array(prefix.utf8)
        shape.serialize(into: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    static func treeText(of shape: some JSONObjectShape) -> String {
        JSON.object(JSONObject(shape: shape)).serialized()
    }

    @Test func summariesWriteTheirTreesBytes() {
        var picks = Picks(state: 29)
        let states: [WindowState] = [.visible, .hidden, .waiting, .dismissed]
        for _ in 0..<400 {
            let summary = WindowSummary(
                window: WindowID(picks.string()), kind: picks.string(), base: picks.optionalString(),
                title: picks.string(), level: [Level.normal, .alert, Level(uncheckedValue: -5)][picks.next(3)],
                levelName: picks.optionalString(), state: states[picks.next(states.count)], isKey: picks.next(2) == 0,
                tag: picks.optionalString(), deadline: picks.next(2) == 0 ? nil : picks.timestamp(),
                createdAt: picks.timestamp(), owner: picks.peer(),
                clampedFrom: picks.next(2) == 0 ? nil : .alert)
            #expect(Self.bytes(of: summary) == summary.json.serialized())
            #expect(Self.bytes(of: summary, after: "[1,") == "[1," + summary.json.serialized())
            #expect(WindowSummary(json: summary.json) == summary)
        }
    }

    @Test func outcomesAndPeersWriteTheirTreesBytes() {
        var picks = Picks(state: 35)
        let reasons: [OutcomeReason] = [.submitted, .cancelled, .timeout, .dismissed, .ownerGone, .shutdown]
        for _ in 0..<400 {
            let outcome = Outcome(
                window: WindowID(picks.string()), kind: picks.optionalString(), title: picks.optionalString(),
                reason: reasons[picks.next(reasons.count)],
                value: picks.next(4) == 0 ? nil : Self.values[picks.next(Self.values.count)], by: picks.peer(),
                at: picks.timestamp())
            #expect(Self.bytes(of: outcome) == outcome.json.serialized())
            #expect(Self.treeText(of: outcome) == outcome.json.serialized())
            if let by = outcome.by { #expect(Self.bytes(of: by) == by.json.serialized()) }
            let presented = Present.Result.outcome(outcome)
            var answer: [UInt8] = []
            Present.encode(presented, into: &answer)
            #expect(String(decoding: answer, as: UTF8.self) == Present.encode(presented).serialized())
        }
    }

    /// The member order the protocol's examples show, pinned apart from the tree.
    @Test func theBytesKeepTheWireOrder() {
        let owner = Peer(uid: 1000, pid: 7, user: "ann", command: "sh \"x\"", client: "pickerctl ui")
        let summary = WindowSummary(
            window: WindowID("w1-a"), kind: "secret", base: "text", title: "Tab\there", level: .alert,
            levelName: "alert", state: .visible, isKey: true, tag: "t", deadline: Timestamp(milliseconds: 1000),
            createdAt: Timestamp(milliseconds: 0), owner: owner, clampedFrom: Level(uncheckedValue: 3000))
        #expect(
            Self.bytes(of: summary)
                == #"{"window":"w1-a","kind":"secret","base":"text","title":"Tab\there","level":2000,"level_name":"alert","state":"visible","key":true,"tag":"t","deadline":"1970-01-01T00:00:01Z","created_at":"1970-01-01T00:00:00Z","owner":{"uid":1000,"pid":7,"user":"ann","command":"sh \"x\"","client":"pickerctl ui"},"clamped_from":3000}"#
        )
        var answer: [UInt8] = []
        Update.encode(summary, into: &answer)
        #expect(answer == Array(Self.bytes(of: summary).utf8))
    }

    /// A secret value reaches only the submitter's and the owner's bytes;
    /// anyone else's have no `value` at all.
    @Test func aSecretValueStaysOutOfTheBytesOfOthers() {
        let secret = "hunter2-\u{1}"
        let outcome = RecordedOutcome(
            window: WindowID("w9"), reason: .submitted, value: .string(secret), visibleValue: nil,
            by: Peer(uid: 1000, pid: 3), at: Timestamp(milliseconds: 5), owner: Peer(uid: 1000, pid: 2))
        let hidden = Self.bytes(of: outcome.wire(for: 2000))
        #expect(!hidden.contains("hunter2") && !hidden.contains(#""value""#))
        #expect(hidden == outcome.wire(for: 2000).json.serialized())
        #expect(!Self.bytes(of: outcome.wire(revealingValue: false)).contains("hunter2"))
        #expect(Self.bytes(of: outcome.wire(for: 1000)).contains(#""value":"hunter2-\u0001""#))
        #expect(!Self.bytes(of: outcome.historyEntry).contains("hunter2"))
    }
}
