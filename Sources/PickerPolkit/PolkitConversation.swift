import PickerAskpass
import PickerClient
import PickerProtocol

/// One polkit request's life, on a connection of its own to pickerd: the
/// identity chosen (when polkit offers several), then each PAM prompt asked
/// in a window and its answer handed to polkit's helper. A password that PAM
/// refuses is asked again, up to `attempts` times in all; then polkit is
/// told the request is done, and it reports the asker not authorized. A
/// cancel or dismissal (or pickerd gone) cancels the request; polkit's own
/// `CancelAuthentication` dismisses the open window. An answer is never
/// reported, and goes nowhere but to the helper.
actor PolkitConversation {
    private enum Input: Sendable {
        case polkit(PolkitEvent)
        case ended(WindowID, Result<Outcome, PickerClientError>)
    }

    /// How many passwords are tried before the request is given up, as sudo does.
    static let attempts = 3

    private let request: PolkitRequest
    private let window: PolkitWindow
    private let socketPath: String?
    private let report: @Sendable (String) -> Void
    private let inputs: AsyncStream<Input>
    private let input: AsyncStream<Input>.Continuation
    private var client: PickerClient?
    private var limits: HelloReply?
    private var open: WindowID?

    init(
        request: PolkitRequest, events: AsyncStream<PolkitEvent>, window: PolkitWindow, socketPath: String?,
        report: @escaping @Sendable (String) -> Void
    ) {
        self.request = request
        self.window = window
        self.socketPath = socketPath
        self.report = report
        (inputs, input) = AsyncStream<Input>.makeStream()
        let input = self.input
        Task {
            for await event in events { input.yield(.polkit(event)) }
        }
    }

    private var name: String { "request \(request.number) (\(request.actionID))" }

    /// Serves the request until polkit has its answer.
    func run() async {
        report(
            "\(name): \(request.message.isEmpty ? "no message" : request.message); asked by \(window.asker.description)"
        )
        let cancelled = await serve()
        request.finish(cancelled: cancelled)
        if let open, let client { _ = try? await client.dismiss(window: open) }
        client?.close()
        input.finish()
    }

    /// True when the request ends cancelled (pkexec: dismissed), false when polkit decides.
    private func serve() async -> Bool {
        guard !request.identities.isEmpty else {
            report("\(name): polkit offers no identity to authenticate as")
            return true
        }
        do throws(PickerClientError) {
            let connected = try PickerClient.connect(socketPath: socketPath)
            client = connected
            limits = try await connected.hello(client: "pickerctl polkit-agent")
        } catch {
            report("\(name): cannot reach pickerd (\(error)); the request is cancelled")
            return true
        }
        var identity = 0
        if request.identities.count > 1 {
            guard let chosen = await choose() else { return true }
            identity = chosen
        }
        var notes: [String] = []
        var failures = 0
        request.authenticate(as: identity)
        for await next in inputs {
            switch next {
            case .polkit(.cancelled):
                report("\(name): polkit cancelled the request")
                return true
            case .polkit(.info(let text)), .polkit(.error(let text)):
                notes.append(text)
            case .polkit(.prompt(let prompt, let echo)):
                let presentation = window.answer(
                    prompt: prompt, echo: echo, identity: request.identities[identity], notes: notes, limits: limits)
                notes = []
                guard await show(presentation) else { return true }
            case .polkit(.completed(let gained)):
                if gained {
                    report("\(name): authenticated")
                    return false
                }
                failures += 1
                guard failures < Self.attempts else {
                    report("\(name): \(failures) attempts failed; polkit refuses the request")
                    return false
                }
                report("\(name): the authentication failed; asking again")
                notes.insert("That did not authenticate you; try again.", at: 0)
                request.authenticate(as: identity)
            case .ended(let window, let result):
                guard window == open else { continue }
                open = nil
                switch result {
                case .success(let outcome) where outcome.reason == .submitted:
                    guard case .string(let answer)? = outcome.value else {
                        report("\(name): window \(window) was answered, but pickerd did not pass the value on")
                        return true
                    }
                    request.respond(answer)
                case .success(let outcome):
                    report("\(name): window \(window) ended (\(outcome.reason.rawValue)); the request is cancelled")
                    return true
                case .failure(let error):
                    report("\(name): lost window \(window) (\(error)); the request is cancelled")
                    return true
                }
            }
        }
        return true
    }

    /// The identity's index, or nil when the person cancelled (or polkit did).
    private func choose() async -> Int? {
        guard await show(window.choice(limits: limits)) else { return nil }
        for await next in inputs {
            switch next {
            case .polkit(.cancelled):
                report("\(name): polkit cancelled the request")
                return nil
            case .polkit:
                continue
            case .ended(let window, let result):
                guard window == open else { continue }
                open = nil
                if case .success(let outcome) = result, outcome.reason == .submitted,
                    let index = outcome.value?[ActionsValue.index]?.integerValue,
                    request.identities.indices.contains(Int(index))
                {
                    return Int(index)
                }
                report("\(name): no identity chosen in window \(window); the request is cancelled")
                return nil
            }
        }
        return nil
    }

    /// Presents `presentation` and waits on it off this actor; false when pickerd refused it.
    private func show(_ presentation: Present) async -> Bool {
        guard let client else { return false }
        do throws(PickerClientError) {
            let summary = try await client.present(presentation)
            open = summary.window
            report("\(name): asking \"\(summary.title)\" in window \(summary.window)")
            let input = self.input
            Task {
                do throws(PickerClientError) {
                    input.yield(.ended(summary.window, .success(try await client.wait(window: summary.window))))
                } catch {
                    input.yield(.ended(summary.window, .failure(error)))
                }
            }
            return true
        } catch {
            report("\(name): pickerd refused its window (\(error)); the request is cancelled")
            return false
        }
    }
}
