import PickerClient
import PickerJSON
import PickerProtocol

/// Runs the tools against pickerd: presents each question on one connection
/// (so this server is the asker of every window it presents), waits for the
/// window to end, and reads the answer back. A question whose answer pickerd
/// could not check (a form's number out of bounds) is asked again in a new
/// window that starts at what was answered; `await` follows it there.
///
/// An agent reaches only what it asked: `await` takes the windows this
/// session presented and no other (pickerd would give this uid the person's
/// secure answers to anyone else's windows, the password agent's among
/// them), and no window it presents asks for a secret. Levels above
/// `maxLevel` (`statusBar` unless the server is told otherwise) are lowered to it.
///
/// A session remembers its last `remembering` questions (oldest forgotten
/// first), so a long session does not grow without end; `await` on a window
/// of a question forgotten is refused as one never presented here.
public actor Asker {
    /// A question presented and not read back yet.
    struct Asked {
        let question: Question
        /// Its window now: the first, or the one that asks it again.
        var window: WindowID
        /// When its `timeout_s` runs out, across the windows that ask it again.
        let deadline: ContinuousClock.Instant?
        /// Every window that asked it (the first, then those asking again).
        var windows: [WindowID]
    }

    private let socketPath: String?
    /// The highest level a question is shown at.
    private let maxLevel: LevelSpec
    private var client: PickerClient?
    /// The daemon's level names, read once a connection (for `maxLevel`).
    private var levelValues: [String: Int64]?
    /// This session's questions, by the window `present` gave for them.
    private var asked: [WindowID: Asked] = [:]
    /// Every window this session presented, to its question's first window:
    /// all that `await` reaches.
    private var firstWindows: [WindowID: WindowID] = [:]
    /// The first windows of the questions remembered, oldest first.
    private var presentedOrder: [WindowID] = []
    /// How many questions are remembered.
    private let remembering: Int
    /// The default of `remembering`: far more than an agent waits on at once.
    public static let defaultRemembering = 1024
    /// How long a wait goes on across a restart of pickerd (as pickerctl's --reconnect).
    static let reconnecting: Duration = .seconds(30)
    /// Where a question is shown at most unless the server is told otherwise:
    /// an agent's windows stay below the alerts of the password agent and
    /// the person's own programs, and quiet hours hold them.
    public static let defaultMaxLevel: LevelSpec = .named("statusBar")

    public init(
        socketPath: String?, maxLevel: LevelSpec = Asker.defaultMaxLevel, remembering: Int = Asker.defaultRemembering
    ) {
        self.socketPath = socketPath
        self.maxLevel = maxLevel
        self.remembering = max(1, remembering)
    }

    /// One tool call. It returns when the window ends (or, for `present`,
    /// once it is shown; for `await`, at its `timeout_s`); cancelling the call
    /// dismisses the window of an asking tool. With `activity`, the window's
    /// changes are followed while the call waits (progress says "a person is typing").
    public func call(_ tool: ToolName, _ arguments: JSONObject) async -> ToolReply {
        await call(tool, arguments, activity: nil)
    }

    func call(_ tool: ToolName, _ arguments: JSONObject, activity: LiveActivity?) async -> ToolReply {
        do throws(ToolInputError) {
            switch tool {
            case .present:
                return try await presentTool(arguments)
            case .await:
                let reader = ToolInputError.reader(arguments)
                try reader.refuseUnknownKeys(known: [ToolArgument.window.rawValue, ToolArgument.timeoutS.rawValue])
                let window = WindowID(try reader.requiredString(ToolArgument.window))
                let limit = try Question.timeout(reader, .timeoutS)
                // The same sentence whether or not pickerd has such a window: nothing is asked of it.
                guard firstWindows[window] != nil else { throw ToolInputError(Self.notPresentedHere(window)) }
                return await follow(window, waitingAtMost: limit, dismissingOnCancel: false, activity: activity)
            default:
                switch await present(try Question(tool: tool, arguments: arguments)) {
                case .shown(let window):
                    return await follow(window, waitingAtMost: nil, dismissingOnCancel: true, activity: activity)
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
            throw ToolInputError(
                "'tool' must be one of \(ToolName.asking.map(\.rawValue).joined(separator: ", ")), not '\(name)'")
        }
        let question = try Question(
            tool: tool, arguments: try reader.object(ToolArgument.arguments)?.members ?? JSONObject())
        switch await present(question) {
        case .refused(let reply):
            return reply
        case .shown(let window):
            let structured = JSONObject([
                ToolReply.Member.window: .string(window.rawValue), .tool: .string(tool.rawValue),
            ])
            return ToolReply(
                isError: false,
                text:
                    "\(question.name(window)) is shown as window \(window); call await with {\"window\": \"\(window)\"} for the answer",
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
        guard !question.asksForASecret else { return .refused(.failure(Question.noSecrets)) }
        var question = question
        do {
            let client = try connected()
            switch try await clamped(question.presentation.level, asking: client) {
            case .success(let level): question.presentation.level = level
            case .failure(let problem): return .refused(.failure(problem.message))
            }
            let window = try await client.present(question.presentation).window
            let deadline = question.presentation.timeoutMilliseconds.map { ContinuousClock.now + .milliseconds($0) }
            remember(Asked(question: question, window: window, deadline: deadline, windows: [window]))
            return .shown(window)
        } catch {
            return .refused(reply(for: error, window: nil))
        }
    }

    /// Keeps a question just shown, forgetting the oldest beyond `remembering`.
    private func remember(_ question: Asked) {
        asked[question.window] = question
        firstWindows[question.window] = question.window
        presentedOrder.append(question.window)
        while presentedOrder.count > remembering {
            let oldest = presentedOrder.removeFirst()
            for window in asked.removeValue(forKey: oldest)?.windows ?? [] { firstWindows[window] = nil }
        }
    }

    /// `level`, or `maxLevel` when `level` is higher, by the daemon's names.
    /// A name pickerd does not know is left for it to refuse.
    private func clamped(_ level: LevelSpec?, asking client: PickerClient) async throws(PickerClientError) -> Result<
        LevelSpec?, ToolInputError
    > {
        if levelValues == nil {
            levelValues = Dictionary(try await client.hello(client: "pickermcp").levels.map { ($0.name, $0.value) }) {
                first, _ in first
            }
        }
        func value(_ spec: LevelSpec) -> Int64? {
            switch spec {
            case .value(let value): return Int64(value)
            case .named(let name): return levelValues?[name] ?? Int64(name)
            }
        }
        guard let most = value(maxLevel) else {
            let names = levelValues?.keys.sorted().joined(separator: ", ") ?? ""
            return .failure(
                ToolInputError(
                    "this server's --max-level \(maxLevel.json) is not a level pickerd knows (its levels: \(names))"))
        }
        guard let asked = value(level ?? .named("normal")), asked > most else { return .success(level) }
        return .success(maxLevel)
    }

    /// Why `await` does not take `window`; the same whether or not it exists.
    static func notPresentedHere(_ window: WindowID) -> String {
        "window \(window.rawValue.prefix(64).debugDescription) was not presented in this session: await takes only the ids present returned here"
    }

    /// Waits for `window` (and the windows that ask its question again) to end
    /// with an answer, for at most `limit` ms when given. Only a window this
    /// session presented: no other's outcome is ever read.
    private func follow(
        _ window: WindowID, waitingAtMost limit: Int64?, dismissingOnCancel: Bool, activity: LiveActivity? = nil
    ) async -> ToolReply {
        guard let first = firstWindows[window] else { return .failure(Self.notPresentedHere(window)) }
        let waitEnds = limit.map { ContinuousClock.now + .milliseconds($0) }
        while let record = asked[first] {
            let current = record.window
            let question = record.question
            let outcome: Outcome
            do {
                let remaining = waitEnds.map { max(1, Int64(($0 - .now) / .milliseconds(1))) }
                let watching = activity.map { LiveActivity.watch(current, socketPath: socketPath, into: $0) }
                defer { watching?.cancel() }
                outcome = try await wait(for: current, atMost: remaining, dismissingOnCancel: dismissingOnCancel)
            } catch .rpc(let error) where error.code == .waitTimedOut {
                return .failure(
                    "still waiting for an answer to \(question.name(current)); call await again", window: current)
            } catch {
                return reply(for: error, window: current)
            }
            let answered = outcome.reason == .submitted || (outcome.reason == .cancelled && question.tool == .confirm)
            guard answered, let value = outcome.value else {
                return Self.reply(
                    for: outcome, name: question.name(current),
                    timeoutMilliseconds: question.presentation.timeoutMilliseconds)
            }
            switch question.read(value) {
            case .value(let answer):
                return .answer(
                    answer, window: current, answeredBy: AnsweredBy(outcome.by),
                    inPlaceOfValue: question.tool == .approve)
            case .problems(let problems):
                guard !Task.isCancelled else {
                    return .failure(
                        "the call was cancelled before \(question.name(current)) could be asked again", window: current)
                }
                if let reply = await askAgain(first, after: value, problems: problems) { return reply }
            }
        }
        return .failure(Self.notPresentedHere(window))
    }

    /// Presents the question of `first` again; nil when it is shown, else why not.
    private func askAgain(_ first: WindowID, after answer: JSON, problems: [String]) async -> ToolReply? {
        guard let record = asked[first] else { return .failure("window \(first) is no longer asked here") }
        var timeout: Int64?
        if let deadline = record.deadline {
            timeout = Int64((deadline - .now) / .milliseconds(1))
            guard timeout! > 0 else {
                let name = record.question.name(record.window)
                return .failure(
                    ToolReply.sentence(
                        for: .timeout, name: name, timeoutMilliseconds: record.question.presentation.timeoutMilliseconds
                    ),
                    window: record.window, reason: .timeout)
            }
        }
        let again = record.question.askingAgain(after: answer, problems: problems, timeoutMilliseconds: timeout)
        guard !again.asksForASecret else { return .failure(Question.noSecrets) }
        do {
            let window = try await connected().present(again.presentation).window
            asked[first]?.window = window
            asked[first]?.windows.append(window)
            firstWindows[window] = first
            return nil
        } catch {
            return reply(for: error, window: record.window)
        }
    }

    /// The window's outcome; cancelling the wait dismisses the window when
    /// `dismissingOnCancel` (the agent gave up on its question).
    private func wait(for window: WindowID, atMost limit: Int64?, dismissingOnCancel: Bool)
        async throws(PickerClientError) -> Outcome
    {
        let client = try connected()
        var lost = false
        defer { if lost { drop(client) } }
        return try await client.outcomeSurvivingRestarts(
            of: window, reconnectingFor: Self.reconnecting, timeoutMilliseconds: limit,
            dismissingOnCancel: dismissingOnCancel
        ) { lost = true }
    }

    private func connected() throws(PickerClientError) -> PickerClient {
        if let client { return client }
        let made = try PickerClient.connect(socketPath: socketPath)
        client = made
        return made
    }

    /// Connects again next time: this connection ended.
    private func drop(_ ended: PickerClient) {
        if client === ended {
            client = nil
            levelValues = nil
        }
        ended.close()
    }

    // MARK: replies

    /// A window that ended without an answer to give (its question reads answers).
    private static func reply(for outcome: Outcome, name: String, timeoutMilliseconds: Int64?) -> ToolReply {
        .failure(
            ToolReply.sentence(for: outcome.reason, name: name, timeoutMilliseconds: timeoutMilliseconds),
            window: outcome.window,
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
