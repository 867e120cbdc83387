import PickerJSON
import Testing

@testable import PickerProtocol

/// Quiet hours on the wire: the `quiet` method's params, its result, the
/// `quiet.changed` event with its null window, and `status`.
@Suite struct QuietWireTests {
    static let at = Timestamp(milliseconds: 1_795_300_267_000)  // 2026-11-21T22:31:07Z

    @Test func timestampsReadAnyOffset() {
        #expect(Timestamp(rfc3339: "2026-11-21T23:31:07+01:00") == Self.at)
        #expect(Timestamp(rfc3339: "2026-11-21T17:01:07-05:30") == Self.at)
        #expect(Timestamp(rfc3339: "2026-11-21T22:31:07.5+00:00") == Self.at.adding(milliseconds: 500))
        for bad in [
            "2026-11-21T23:31:07+1:00", "2026-11-21T23:31:07+24:00", "2026-11-21T23:31:07+01:60",
            "2026-11-21T23:31:07+0100", "2026x11-21T22:31:07Z", "2026-11-21T22:31:07.+01:00",
        ] {
            #expect(Timestamp(rfc3339: bad) == nil, "\(bad)")
        }
    }

    @Test func paramsReadOnOrOff() throws {
        #expect(try Quiet(params: ["below": "alert"]).setting == .on(below: "alert", until: nil))
        #expect(
            try Quiet(params: ["below": 1500, "until": "2026-11-21T23:31:07+01:00"]).setting
                == .on(below: 1500, until: Self.at))
        #expect(try Quiet(params: ["off": true]).setting == .off)
        for setting: Quiet.Setting in [.off, .on(below: "statusBar", until: Self.at), .on(below: 7, until: nil)] {
            #expect(try Quiet(params: Quiet(setting).params).setting == setting)
        }
    }

    @Test func badParamsAreOneSentenceNamingTheField() {
        let cases: [(JSONObject, String, String)] = [
            ([:], "below", "quiet needs below, the level under which windows wait, or off: true"),
            (
                ["until": "2026-11-21T23:31:07Z"], "below",
                "quiet needs below, the level under which windows wait, or off: true"
            ),
            (["below": true], "below", "below must be a level name or an integer, not a boolean"),
            (
                ["below": "alert", "until": "tomorrow"], "until",
                "until must be an RFC 3339 time with its offset, like 2026-11-23T07:00:00+01:00, not 'tomorrow'"
            ),
            (["off": false], "off", "off must be true, not false"),
            (
                ["off": true, "below": "alert"], "off",
                "quiet takes below (and until) to turn quiet hours on, or off: true, not both"
            ),
            (["below": "alert", "for": "1h"], "for", "quiet has no parameter 'for'; it takes below, until, off"),
        ]
        for (params, field, message) in cases {
            #expect(throws: RPCError.invalidParams(message, field: field), "\(params)") { try Quiet(params: params) }
        }
    }

    @Test func resultsReadBack() {
        let quietHours = QuietHours(below: .alert, belowName: "alert", until: Self.at)
        #expect(
            Quiet.encode(quietHours).serialized()
                == #"{"below":2000,"below_name":"alert","until":"2026-11-21T22:31:07Z"}"#)
        #expect(Quiet.encode(nil).serialized() == #"{"off":true}"#)
        #expect(Quiet.decode(Quiet.encode(quietHours)) == .some(quietHours))
        #expect(Quiet.decode(Quiet.encode(nil)) == .some(nil))
        #expect(Quiet.decode(["below": "loud"]) == nil)
        #expect(Quiet.permission == .manage && Quiet.paramNames == ["below", "until", "off"])
    }

    @Test func quietChangedHasANullWindowAndWindowEventsStayAsTheyWere() throws {
        let on = Event(
            subscription: "s1", seq: 9, type: .quietChanged, window: nil,
            payload: .quietChanged(QuietHours(below: .alert, belowName: "alert")))
        #expect(
            JSON.object(on.params).serialized()
                == #"{"subscription":"s1","seq":9,"type":"quiet.changed","window":null,"below":2000,"below_name":"alert"}"#
        )
        #expect(Event(params: on.params) == on)
        let off = Event(subscription: "s1", seq: 10, type: .quietChanged, window: nil, payload: .quietChanged(nil))
        #expect(
            JSON.object(off.params).serialized()
                == #"{"subscription":"s1","seq":10,"type":"quiet.changed","window":null,"off":true}"#)
        #expect(Event(params: off.params) == off)
        let key = Event(subscription: "s1", seq: 11, type: .key, window: WindowID("w2"), payload: .none)
        #expect(
            JSON.object(key.params).serialized() == #"{"subscription":"s1","seq":11,"type":"window.key","window":"w2"}"#
        )
        #expect(
            Event(params: ["subscription": "s1", "seq": 1, "type": "window.key", "window": .null]) == nil,
            "a window's event names its window")
        #expect(
            Event(params: ["subscription": "s1", "seq": 1, "type": "quiet.changed", "window": "w1", "off": true]) == nil
        )
    }

    @Test func statusShowsQuietHoursAndWaitingWindows() {
        let counters = OutcomeCounters(
            presented: 4, byReason: [.submitted: 1, .cancelled: 0, .timeout: 0, .dismissed: 0, .ownerGone: 0])
        let quiet = DaemonStatus(
            version: "1.0", uptimeMilliseconds: 5, visibleWindows: 1, hiddenWindows: 1, waitingWindows: 3, key: nil,
            connections: 1,
            subscriptions: 0, quiet: QuietHours(below: .alert, belowName: "alert", until: Self.at), counters: counters)
        #expect(DaemonStatus(json: quiet.json) == quiet)
        #expect(quiet.json["quiet"] == ["below": 2000, "below_name": "alert", "until": "2026-11-21T22:31:07Z"])
        #expect(quiet.json["windows"] == ["visible": 1, "hidden": 1, "waiting": 3] && quiet.openWindows == 5)
        var loud = quiet
        loud.quiet = nil
        loud.waitingWindows = 0
        #expect(loud.json["quiet"] == nil && DaemonStatus(json: loud.json) == loud)
    }
}
