import PickerClient
import PickerJSON
import PickerProtocol

/// Asks pinentry's questions as pickerd windows at level alert, on one
/// connection kept for the session: a GETPIN is a secure `text` window, a
/// CONFIRM an `actions` sheet. Each window is dismissed by pickerd if this
/// process goes, and by this one when the process that asked goes.
public struct PickerdAsker: PinentryAsker {
    /// The tag of every window it presents.
    public static let tag = "pinentry"

    private let socketPath: String?
    private var client: BlockingPickerClient?
    private var limits: HelloReply?

    public init(socketPath: String?) {
        self.socketPath = socketPath
    }

    public mutating func ask(_ question: PinentryQuestion) -> PinentryAnswer {
        let client: BlockingPickerClient
        do throws(PickerClientError) {
            client = try connected()
        } catch {
            return .unavailable("cannot ask through pickerd: \(error)")
        }
        let outcome: Outcome
        do throws(PickerClientError) {
            guard case .window(let summary) = try client.send(presentation(of: question)) else {
                return .unavailable("pickerd answered present without the window")
            }
            switch try waitWhileAsked(for: summary.window, on: client, askedBy: question.askedBy) {
            case .ended(let ended):
                outcome = ended
            case .askerGone(let process):
                _ = try? client.send(Dismiss(.window(summary.window)))
                return .askerGone("\(process.shown), which asked, is gone; window \(summary.window) dismissed")
            }
        } catch {
            if case .disconnected = error { self.client = nil }
            return .unavailable("asking through pickerd failed: \(error)")
        }
        switch outcome.reason {
        case .submitted:
            switch question.kind {
            case .secret:
                guard case .string(let value)? = outcome.value else {
                    return .unavailable("window \(outcome.window) was answered, but pickerd did not pass the value on")
                }
                return .secret(value)
            case .buttons:
                guard let index = outcome.value?[ActionsValue.index]?.integerValue else {
                    return .unavailable("window \(outcome.window) was answered without saying which button")
                }
                return .button(Int(index))
            }
        case .timeout: return .timedOut
        case .cancelled, .dismissed, .ownerGone, .shutdown: return .cancelled
        }
    }

    /// How often it looks whether the asker still runs: gpg-agent 2.2 leaves
    /// its pinentry asking when the gpg that asked is interrupted.
    static let askerCheck: Int64 = 500

    private enum Waited {
        case ended(Outcome)
        case askerGone(Requester.Process)
    }

    /// The window's outcome, waited for in steps, unless gpg (from `OPTION
    /// owner`) or this process's parent, gpg-agent, goes first.
    private func waitWhileAsked(for window: WindowID, on client: BlockingPickerClient, askedBy: Requester)
        throws(PickerClientError)
        -> Waited
    {
        let watched = [askedBy.client, askedBy.parents.first].compactMap { $0 }
        while true {
            do throws(PickerClientError) {
                return .ended(try client.send(Wait(window: window, timeoutMilliseconds: Self.askerCheck)))
            } catch .rpc(let error) where error.code == .waitTimedOut {
                if let gone = watched.first(where: { !$0.isRunning }) { return .askerGone(gone) }
            }
        }
    }

    private mutating func connected() throws(PickerClientError) -> BlockingPickerClient {
        if let client { return client }
        let client = try BlockingPickerClient.connect(socketPath: socketPath)
        limits = try? client.send(Hello(client: "pinentry-pickerd"))
        self.client = client
        return client
    }

    /// The `present` call, within the daemon's limits.
    func presentation(of question: PinentryQuestion) -> Present {
        var options = JSONObject()
        let kind: String
        switch question.kind {
        case .secret(let placeholder):
            kind = BuiltInKind.text.name
            options[TextOption.secure] = true
            if let placeholder { options[TextOption.placeholder] = .string(placeholder) }
        case .buttons(let labels, let cancelIndex):
            kind = BuiltInKind.actions.name
            let actions: [JSON] = labels.enumerated().map { index, label in
                let role = index == 0 ? "default" : index == cancelIndex ? "cancel" : nil
                var action = JSONObject([ActionOption.label: .string(label)])
                if let role { action[ActionOption.role] = .string(role) }
                return .object(action)
            }
            options[ActionsOption.actions] = .array(actions)
        }
        var timeout: Int64?
        if question.timeoutSeconds > 0 {
            timeout = Int64(question.timeoutSeconds) * 1000
            if let longest = limits?[limit: "max_timeout_ms"], longest > 0 { timeout = min(timeout!, longest) }
        }
        return Present(
            kind: kind, title: HelloReply.fitting(question.title, .maxTitleBytes, in: limits),
            message: HelloReply.fitting(question.message, .maxMessageBytes, in: limits), level: .named("alert"),
            options: options, timeoutMilliseconds: timeout, tag: Self.tag, onDisconnect: .dismiss)
    }
}
