import PickerClient
import PickerJSON
import PickerProtocol

/// Runs the tools against pickerd: presents each question on one connection
/// (so this server is the asker of every window it presents), waits for the
/// window to end, and reads the answer back. A question whose answer pickerd
/// could not check (a form's number out of bounds) is asked again in a new
/// window that starts at what was answered; `await` follows it there.
public actor Asker {
    /// A question presented and not read back yet.
    struct Asked {
        let question: Question
        /// Its window now: the first, or the one that asks it again.
        var window: WindowID
        /// When its `timeout_s` runs out, across the windows that ask it again.
        let deadline: ContinuousClock.Instant?
    }

    private let socketPath: String?
    private var client: PickerClient?
    /// Questions by the window `present` gave for them.
    private var asked: [WindowID: Asked] = [:]
    /// Every window of a question, to the window `present` gave for it.
    private var firstWindows: [WindowID: WindowID] = [:]
    /// How long a wait goes on across a restart of pickerd (as pickerctl's --reconnect).
    static let reconnecting: Duration = .seconds(30)

    public init(socketPath: String?) {
        self.socketPath = socketPath
    }

    /// One tool call. It returns when the window ends (or, for `present`,
    /// once it is shown; for `await`, at its `timeout_s`); cancelling the call
    /// dismisses the window of an asking tool.
    public func call(_ tool: ToolName, _ arguments: JSONObject) async -> ToolReply {
        do {
            switch tool {
            case .present:
                return try await presentTool(arguments)
            case .await:
                let reader = ToolInputError.reader(arguments)
                try reader.refuseUnknownKeys(known: [ToolArgument.window.rawValue, ToolArgument.timeoutS.rawValue])
                let window = WindowID(try reader.requiredString(ToolArgument.window))
                return await follow(window, waitingAtMost: try Question.timeout(reader, .timeoutS), dismissingOnCancel: false)
            default:
                switch await present(try Question(tool: tool, arguments: arguments)) {
                case .shown(let window): return await follow(window, waitingAtMost: nil, dismissingOnCancel: true)
                case .refused(let reply): return reply
                }
            }
        } catch {
            return .failure("\(tool.rawValue): \(error.message)")
        }
    }

    private func presentTool(_ arguments: JSONObject) async throws(ToolInputError) -> ToolReply {
        let reader = ToolInputError.reader(arguments)
        try reader.refuseUnknownKeys(known: [ToolArgument.tool.rawValue, ToolArgument.arguments.rawValue])
        let name = try reader.requiredString(ToolArgument.tool)
        guard let tool = ToolName(rawValue: name), ToolName.asking.contains(tool) else {
            throw ToolInputError("'tool' must be one of \(ToolName.asking.map(\.rawValue).joined(separator: ", ")), not '\(name)'")
        }
        let question = try Question(tool: tool, arguments: try reader.object(ToolArgument.arguments)?.members ?? JSONObject())
        switch await present(question) {
        case .refused(let reply):
            return reply
        case .shown(let window):
            let structured = JSONObject([ToolReply.Member.window: .string(window.rawValue), .tool: .string(tool.rawValue)])
            return ToolReply(
                isError: false,
                text: "\(question.name(window)) is shown as window \(window); call await with {\"window\": \"\(window)\"} for the answer",
                structured: structured)
        }
    }

    // MARK: presenting and waiting

    /// A question's first window, or why it could not be shown.
    private enum Presented {
        case shown(WindowID)
        case refused(ToolReply)
    }

    private func present(_ question: Question) async -> Presented {
        do {
            let window = try await connected().present(question.presentation).window
            let deadline = question.presentation.timeoutMilliseconds.map { ContinuousClock.now + .milliseconds($0) }
            asked[window] = Asked(question: question, window: window, deadline: deadline)
            firstWindows[window] = window
            return .shown(window)
        } catch {
            return .refused(reply(for: error, window: nil))
        }
    }

    /// Waits for `window` (and the windows that ask its question again) to end
    /// with an answer, for at most `limit` ms when given.
    private func follow(_ window: WindowID, waitingAtMost limit: Int64?, dismissingOnCancel: Bool) async -> ToolReply {
        let first = firstWindows[window] ?? window
        let waitEnds = limit.map { ContinuousClock.now + .milliseconds($0) }
        while true {
            let current = asked[first]?.window ?? window
            let outcome: Outcome
            do {
                let remaining = waitEnds.map { max(1, Int64(($0 - .now) / .milliseconds(1))) }
                outcome = try await wait(for: current, atMost: remaining, dismissingOnCancel: dismissingOnCancel)
            } catch .rpc(let error) where error.code == .waitTimedOut {
                let name = asked[first]?.question.name(current) ?? "window \(current)"
                return .failure("still waiting for an answer to \(name); call await again", window: current)
            } catch {
                if error.code == .noSuchWindow { forget(first) }
                return reply(for: error, window: current)
            }
            guard let question = asked[first]?.question else { return Self.reply(for: outcome, name: "window \(current)", timeoutMilliseconds: nil) }
            let answered = outcome.reason == .submitted || (outcome.reason == .cancelled && question.tool == .confirm)
            guard answered, let value = outcome.value else {
                forget(first)
                return Self.reply(for: outcome, name: question.name(current), timeoutMilliseconds: question.presentation.timeoutMilliseconds)
            }
            switch question.read(value) {
            case .value(let answer):
                forget(first)
                return .answer(answer, window: current)
            case .problems(let problems):
                guard !Task.isCancelled else {
                    forget(first)
                    return .failure("the call was cancelled before \(question.name(current)) could be asked again", window: current)
                }
                if let reply = await askAgain(first, after: value, problems: problems) { return reply }
            }
        }
    }

    /// Presents the question of `first` again; nil when it is shown, else why not.
    private func askAgain(_ first: WindowID, after answer: JSON, problems: [String]) async -> ToolReply? {
        guard let record = asked[first] else { return .failure("window \(first) is no longer asked here") }
        var timeout: Int64?
        if let deadline = record.deadline {
            timeout = Int64((deadline - .now) / .milliseconds(1))
            guard timeout! > 0 else {
                forget(first)
                let name = record.question.name(record.window)
                return .failure(
                    ToolReply.sentence(for: .timeout, name: name, timeoutMilliseconds: record.question.presentation.timeoutMilliseconds),
                    window: record.window, reason: .timeout)
            }
        }
        let again = record.question.askingAgain(after: answer, problems: problems, timeoutMilliseconds: timeout)
        do {
            let window = try await connected().present(again.presentation).window
            asked[first]?.window = window
            firstWindows[window] = first
            return nil
        } catch {
            forget(first)
            return reply(for: error, window: record.window)
        }
    }

    /// The window's outcome; cancelling the wait dismisses the window when
    /// `dismissingOnCancel` (the agent gave up on its question).
    private func wait(for window: WindowID, atMost limit: Int64?, dismissingOnCancel: Bool) async throws(PickerClientError) -> Outcome {
        let client = try connected()
        var lost = false
        defer { if lost { drop(client) } }
        do {
            return try await withTaskCancellationHandler {
                try await client.outcomeSurvivingRestarts(of: window, reconnectingFor: Self.reconnecting, timeoutMilliseconds: limit) {
                    lost = true
                }
            } onCancel: {
                guard dismissingOnCancel else { return }
                Task { _ = try? await client.dismiss(window: window) }
            }
        } catch let error as PickerClientError {
            throw error
        } catch {
            throw .disconnected(reason: "\(error)")
        }
    }

    private func connected() throws(PickerClientError) -> PickerClient {
        if let client { return client }
        let made = try PickerClient.connect(socketPath: socketPath)
        client = made
        return made
    }

    /// Connects again next time: this connection ended.
    private func drop(_ ended: PickerClient) {
        if client === ended { client = nil }
        ended.close()
    }

    private func forget(_ first: WindowID) {
        guard asked.removeValue(forKey: first) != nil else { return }
        firstWindows = firstWindows.filter { $0.value != first }
    }

    // MARK: replies

    private static func reply(for outcome: Outcome, name: String, timeoutMilliseconds: Int64?) -> ToolReply {
        if outcome.reason == .submitted, let value = outcome.value { return .answer(value, window: outcome.window) }
        return .failure(
            ToolReply.sentence(for: outcome.reason, name: name, timeoutMilliseconds: timeoutMilliseconds), window: outcome.window,
            reason: outcome.reason)
    }

    private func reply(for error: PickerClientError, window: WindowID?) -> ToolReply {
        switch error {
        case .rpc(let refusal) where refusal.code == .invalidParams || refusal.code == .unknownKind:
            return .failure("pickerd refused the question: \(refusal.message)", window: window)
        case .disconnected:
            if let client { drop(client) }
            return .failure(error.description, window: window)
        default:
            return .failure(error.description, window: window)
        }
    }
}
