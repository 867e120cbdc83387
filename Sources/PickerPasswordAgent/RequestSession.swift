import PickerClient
import PickerProtocol
import PickerSystem

#if canImport(Glibc)
import Glibc
#endif

/// How often the agent looks whether an asker still runs, and tries pickerd again.
struct SessionTiming: Sendable {
    var askerCheck: Duration = .milliseconds(500)
    var reconnect: Duration = .milliseconds(500)
    /// How long to wait before presenting again when pickerd holds too many windows.
    var limitRetry: Duration = .seconds(2)
}

/// One request's life, on a connection of its own: its window is presented
/// (or taken up again, when an earlier run of the agent left it open),
/// waited on, and answered: a submitted value goes back as `+VALUE`, any
/// other ending (cancelled, dismissed by someone, timed out before the
/// request's own time, owner gone) as `-`. The request may end first: its
/// file goes away (answered elsewhere or withdrawn), its process is gone, or
/// `NotAfter=` passes; then the window is dismissed and nothing is sent, and
/// the asker ends as it would without an agent. A window that pickerd lost
/// (it stopped without keeping its state) is presented again, as is one
/// whose answer systemd could not take. The value is never reported.
actor RequestSession {
    enum Ending: Sendable {
        case withdrawn
        case askerGone
        case expired
        case replaced

        var sentence: String {
            switch self {
            case .withdrawn: return "the request went away (answered elsewhere, or given up)"
            case .askerGone: return "the asking process is gone"
            case .expired: return "the request's time ran out (NotAfter=)"
            case .replaced: return "another request took its file's name"
            }
        }
    }

    let entry: AskEntry
    private let target: ReplyTarget
    private let window: AskWindow
    private let socketPath: String?
    private let timing: SessionTiming
    private let report: @Sendable (String) -> Void
    private var ending: Ending?
    private var finished = false
    private var client: PickerClient?
    private var limits: HelloReply?
    private var current: WindowID?

    init(
        entry: AskEntry, target: ReplyTarget, socketPath: String?, timing: SessionTiming,
        report: @escaping @Sendable (String) -> Void
    ) {
        self.entry = entry
        self.target = target
        self.socketPath = socketPath
        self.timing = timing
        self.report = report
        window = AskWindow(
            entry: entry, requester: ProcessNames.command(of: entry.file.pid),
            requesterUser: ProcessNames.uid(of: entry.file.pid).flatMap(ProcessNames.userName))
    }

    /// Serves the request until it is answered or ends.
    func run() async {
        let watch = Task { await self.watchAsker() }
        await serve()
        watch.cancel()
        finished = true
        client?.close()
        client = nil
    }

    /// Ends the request without answering it: its window is dismissed.
    func end(_ reason: Ending) async {
        guard ending == nil, !finished else { return }
        ending = reason
        let (client, window) = (self.client, current)
        if let client, let window {
            _ = try? await client.dismiss(window: window)
            report("\(entry.name): \(reason.sentence); window \(window) dismissed")
        } else {
            report("\(entry.name): \(reason.sentence)")
        }
        // A call still waiting on pickerd (a present, a wait) returns now.
        client?.close()
    }

    /// The protocol's "kill(PID, 0) … ESRCH" and `NotAfter=`, while the window is open.
    private func watchAsker() async {
        let file = entry.file
        while !Task.isCancelled {
            if file.pid > 0, kill(file.pid, 0) != 0, errno == ESRCH {
                await end(.askerGone)
                return
            }
            var pause = timing.askerCheck
            if file.notAfter > 0 {
                let now = MonotonicClock.microseconds()
                if now >= file.notAfter {
                    await end(.expired)
                    return
                }
                pause = min(pause, .microseconds(file.notAfter - now))
            }
            try? await Task.sleep(for: pause)
        }
    }

    private func serve() async {
        var note: String?
        var limitSaid = false
        while ending == nil {
            guard let client = await connected() else { return }
            let opened: WindowID?
            do {
                opened = try await open(on: client, note: note)
            } catch {
                if ending != nil { return }
                switch error {
                case .disconnected, .unreachable:
                    drop(client)
                    continue
                case .rpc(let refusal) where refusal.code == .limitReached:
                    if !limitSaid {
                        report("\(entry.name): pickerd holds too many windows (\(refusal.message)); trying again")
                    }
                    limitSaid = true
                    try? await Task.sleep(for: timing.limitRetry)
                    continue
                default:
                    report("\(entry.name): pickerd refused its window (\(error)); the request is left to other agents")
                    return
                }
            }
            guard let window = opened else {
                await end(.expired)
                return
            }
            current = window
            if ending != nil {
                _ = try? await client.dismiss(window: window)
                return
            }
            let outcome: Outcome
            do {
                outcome = try await client.wait(window: window)
            } catch .disconnected {
                if ending == nil {
                    report(
                        "\(entry.name): the connection to pickerd ended; window \(window) is taken up again once it is back"
                    )
                }
                drop(client)
                continue
            } catch .rpc(let error) where error.code == .noSuchWindow {
                current = nil
                continue
            } catch {
                if ending == nil {
                    report(
                        "\(entry.name): cannot wait on window \(window) (\(error)); the request is left to other agents"
                    )
                }
                return
            }
            current = nil
            if ending != nil { return }
            switch outcome.reason {
            case .submitted:
                guard case .string(let value)? = outcome.value else {
                    answer(
                        .cancel,
                        saying:
                            "window \(window) was answered, but pickerd did not pass the value on; told the asker it was cancelled"
                    )
                    return
                }
                if let problem = PasswordAnswer.problem(with: value) {
                    report("\(entry.name): \(problem) Asking again.")
                    note = problem + " Type it again."
                    continue
                }
                answer(.password(value), saying: "answered in window \(window); sent to \(target.shownAs)")
                return
            case .timeout
            where entry.file.notAfter > 0 && MonotonicClock.microseconds() + 100_000 >= entry.file.notAfter:
                // The window's timeout was the request's own: the asker gives up
                // by itself ("Timer expired"), as it would with no agent at all.
                report("\(entry.name): \(Ending.expired.sentence); window \(window) timed out")
                return
            case .shutdown:
                report("\(entry.name): pickerd stopped without keeping window \(window); asking again once it is back")
                drop(client)
                continue
            default:
                answer(
                    .cancel,
                    saying: "window \(window) ended (\(outcome.reason.rawValue)); told the asker it was cancelled")
                return
            }
        }
    }

    /// A connection to pickerd, tried until there is one or the request ends.
    private func connected() async -> PickerClient? {
        if let client { return client }
        var said = false
        while ending == nil {
            do throws(PickerClientError) {
                let connected = try PickerClient.connect(socketPath: socketPath)
                limits = try? await connected.hello(client: "pickerctl ask-password-agent")
                client = connected
                if said { report("\(entry.name): pickerd answers again") }
                return connected
            } catch {
                if !said { report("\(entry.name): waiting for pickerd (\(error))") }
                said = true
            }
            try? await Task.sleep(for: timing.reconnect)
        }
        return nil
    }

    private func drop(_ client: PickerClient) {
        client.close()
        if self.client === client { self.client = nil }
        current = nil
    }

    /// The request's window: its open one, when it has one already (the agent
    /// restarted, or pickerd did), or a new one; nil when `NotAfter=` passed.
    private func open(on client: PickerClient, note: String?) async throws(PickerClientError) -> WindowID? {
        let tag = window.tag(limits: limits)
        if note == nil {
            for summary in try await client.list().windows where summary.tag == tag && summary.builtInKind == .text {
                // Only a window this user presented: another could tag one alike
                // to hear the password.
                guard let details = try? await client.get(window: summary.window), details.owner.uid == geteuid() else {
                    continue
                }
                report("\(entry.name): taking up window \(summary.window) again")
                return summary.window
            }
        }
        guard let presentation = window.presentation(note: note, limits: limits, now: MonotonicClock.microseconds())
        else { return nil }
        let summary = try await client.present(presentation)
        let asker = entry.file.pid > 0 ? " for process \(entry.file.pid)" : ""
        report("\(entry.name): asking \"\(summary.title)\"\(asker) in window \(summary.window)")
        return summary.window
    }

    private func answer(_ answer: PasswordAnswer, saying what: String) {
        if let failure = target.send(answer) {
            report("\(entry.name): \(what), but it could not be delivered: \(failure)")
        } else {
            report("\(entry.name): \(what)")
        }
    }
}
