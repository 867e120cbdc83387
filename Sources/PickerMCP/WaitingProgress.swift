import PickerJSON

/// MCP progress for a tool call waiting on a person: while the call runs,
/// a `notifications/progress` for its `progressToken` every `interval`
/// ("waiting for an answer: 2 min"), so a host that resets its timeout on
/// progress (the TypeScript SDK's `resetTimeoutOnProgress`) keeps the call
/// alive as long as the person takes. A call without a token gets none, as
/// the specification says.
public struct WaitingProgress: Sendable {
    /// How often a waiting call hears from the server unless told otherwise:
    /// the issue asks for at least every 10 s, well inside any host's timeout.
    public static let defaultInterval: Duration = .seconds(10)

    /// The request's `_meta.progressToken` (a string or an integer), or nil.
    static func token(of params: JSONObject) -> JSON? {
        guard let token = params["_meta"]?["progressToken"] else { return nil }
        switch token {
        case .string, .integer: return token
        default: return nil
        }
    }

    let token: JSON
    let interval: Duration
    /// Whether the person is changing the window's value (`LiveActivity`).
    let activity = LiveActivity()

    /// Sends a notification through `send` every `interval` until cancelled.
    /// `progress` counts the notifications, so it increases each time, as
    /// the specification requires; there is no `total`, as nobody knows when
    /// the person answers.
    func run(sending send: @Sendable (JSON) -> Void) async {
        let started = ContinuousClock.now
        var count: Int64 = 0
        while !Task.isCancelled {
            do { try await Task.sleep(for: interval) } catch { return }
            count += 1
            send(notification(progress: count, waited: .now - started, typing: activity.takeChange()))
        }
    }

    func notification(progress: Int64, waited: Duration, typing: Bool = false) -> JSON {
        let waiting = "waiting for an answer: \(Self.spoken(waited))"
        let params = JSONObject([
            "progressToken": token, "progress": .integer(progress),
            "message": .string(typing ? "a person is typing (\(waiting))" : waiting),
        ])
        return .object(
            JSONObject(["jsonrpc": "2.0", "method": "notifications/progress", "params": .object(params)]))
    }

    /// 9.6 s → "10 s", 130 s → "2 min", 2 h 5 min → "125 min": how long a person has had.
    static func spoken(_ waited: Duration) -> String {
        let seconds = Int64(
            (Double(waited.components.seconds) + Double(waited.components.attoseconds) / 1e18).rounded())
        return seconds < 60 ? "\(seconds) s" : "\(seconds / 60) min"
    }
}
