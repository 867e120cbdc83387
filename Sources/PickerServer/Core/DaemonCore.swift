import Logging
import NIOCore
import PickerCore
import PickerJSON
import PickerPlugins
import PickerProtocol

#if canImport(Glibc)
import Glibc
#endif

/// The daemon's one owner of state: the model, waiters, subscriptions and the
/// model's timer, composed with the owners of the rest: the connections
/// (`ConnectionRegistry`), the turn and its commit (`GroupCommit`), the
/// plugins' processes (`PluginHost`) and what systemd is told
/// (`SystemdStatus`). It lives on one event loop and is only touched there;
/// connections call it directly, so there are no locks.
package final class DaemonCore {
    let eventLoop: any EventLoop
    var configuration: DaemonConfiguration
    var policy: PermissionPolicy
    package let model: PickerModel
    var logger: Logger {
        didSet { connections.logger = logger }
    }
    let configPath: String?
    let systemTimeZone: String
    let startedAt = NIODeadline.now()
    var parser: JSONParser
    var reloadsStarted = 0
    var reloadsApplied = 0
    /// Runs work that may block (reading the config, name lookups) away from the loop.
    let offLoop: @Sendable (@escaping @Sendable () -> Void) -> Void

    let connections: ConnectionRegistry
    let turns: GroupCommit
    let plugins: PluginHost
    let systemd: SystemdStatus
    let store: any StateStore
    var waiters = WaiterRegistry()
    /// Set for the earliest waiter's timeout (`armWaitTimer`).
    var waitTimer: (at: NIODeadline, task: Scheduled<Void>)?
    /// Waiters are being timed out, a slice at a time.
    var isExpiringWaiters = false
    /// What is too large for one loop iteration, done a slice at a time.
    lazy var slicedWork = SlicedWork(eventLoop: eventLoop) { [unowned self] body in
        loopProbe?.activity.slices += 1
        runAsTurn(body)
    }
    /// Batch members run so far (a test counts what a batch ran).
    package internal(set) var batchMembersRun = 0
    /// Notes the loop's stalls and what ran in them, when measuring (`PICKERD_LOOP_PROBE`).
    var loopProbe: LoopProbe? {
        didSet { connections.loopProbe = loopProbe }
    }
    package var hasSlicedWork: Bool { !slicedWork.isEmpty }
    /// How much one slice of long work does (tests make them small).
    package var sliceBudgets: SliceBudgets {
        get { slicedWork.budgets }
        set { slicedWork.budgets = newValue }
    }
    var subscriptions = SubscriptionRegistry()
    /// Who lists each file window, and the `browse` requests relayed to them.
    var browseRelay = BrowseRelay()
    /// The model's timer, set for its `nextWakeup` (`scheduleWakeup`).
    var wakeup: (at: Timestamp, task: Scheduled<Void>)?
    /// When the loop iteration's first line began (the event loop's clock).
    var turnStartedAt: NIODeadline?
    /// Whether this iteration's lines have had their time
    /// (`SliceBudgets.lineTime`): the rest wait for a later one.
    var turnIsSpent: Bool {
        guard let turnStartedAt, let lineTime = sliceBudgets.lineTime else { return false }
        return eventLoop.now - turnStartedAt >= lineTime
    }
    /// The `plugins` answer's text, for the model's `pluginsGeneration`:
    /// 1,000 of them in a batch cost a copy each, not a serialization.
    var pluginsAnswer: (generation: Int, text: [UInt8])?
    /// Where answers are serialized before they are copied into their
    /// connection's buffer: one array for every answer, not one each.
    private var lineScratch: [UInt8] = []

    package init(
        eventLoop: any EventLoop, configuration: DaemonConfiguration, configPath: String?, systemTimeZone: String,
        daemonUID: UInt32, clock: any PickerClock, store: any StateStore, notifier: SystemdNotifier, logger: Logger,
        offLoop: @escaping @Sendable (@escaping @Sendable () -> Void) -> Void = { $0() },
        pluginLauncher: any PluginProgramLauncher = PluginProcessLauncher(),
        idRandomness: (any RandomNumberGenerator)? = BufferedSystemRandom()
    ) throws(PickerError) {
        self.offLoop = offLoop
        self.eventLoop = eventLoop
        connections = ConnectionRegistry(eventLoop: eventLoop, daemonUID: daemonUID, logger: logger)
        turns = GroupCommit(store: store)
        plugins = PluginHost(eventLoop: eventLoop, launcher: pluginLauncher)
        systemd = SystemdStatus(notifier: notifier, eventLoop: eventLoop)
        self.configuration = configuration
        self.configPath = configPath
        self.systemTimeZone = systemTimeZone
        self.logger = logger
        policy = PermissionPolicy(daemonUID: daemonUID, rules: configuration.permissionRules)
        self.store = store
        parser = Self.requestParser(configuration.limits)
        let modelConfiguration = configuration.modelConfiguration(systemTimeZone: systemTimeZone, daemonUID: daemonUID)
        let presets = Self.loadPresets(
            configuration, configPath: configPath, timeZone: modelConfiguration.timeZone, clock: clock)
        model = PickerModel(
            configuration: modelConfiguration, levels: try LevelTable(extra: configuration.levels),
            plugins: presets.registry,
            clock: clock, idRandomness: idRandomness)
        report(presets)
        adoptExternalPlugins(presets)
    }

    /// Brings back what the store kept, then commits what the restore changed
    /// (deadlines that passed while the daemon was down fire here).
    package func restore() throws(StartupError) {
        let stored = try store.load()
        let ended = model.restore(
            windows: stored.windows, outcomes: stored.outcomes, counters: stored.counters, quietHours: stored.quietHours
        )
        if let quietHours = model.quietHours {
            logger.notice("restored quiet hours: \(quietHours)")
        }
        model.fireDueTimers()
        if !stored.windows.isEmpty || !stored.outcomes.isEmpty {
            logger.notice(
                "restored \(stored.windows.count) windows and \(stored.outcomes.count) outcomes; \(model.openWindowCount) windows are open"
            )
        }
        for id in ended { logger.info("window \(id) ended on restore: its owner's connection is gone") }
        afterChange()
    }

    /// READY=1 for systemd: listening, and the state restored.
    func announceReady() {
        systemd.announceReady(statusSummary)
    }

    /// A short summary for systemd's STATUS=.
    var statusSummary: String {
        "\(model.openWindowCount) open windows (\(model.visibleCount) visible), \(connections.count) connections"
    }

    /// The parser of request lines. No array or object of a request may hold
    /// more elements than the longest list a kind takes (a column's choices)
    /// or a batch: json-c stops at the first piece of a line that shows more,
    /// so a line of 58,000 actions costs the loop what 10,000 do, not all of
    /// them built and freed before the plugin counts them (issue 27).
    static func requestParser(_ limits: Limits) -> JSONParser {
        JSONParser(maxDepth: limits.maxDepth, maxElements: max(limits.maxBatch, PluginLimits.choicesPerColumn))
    }

    var lineTooLongError: RPCError {
        RPCError(
            .lineTooLong,
            "line longer than \(configuration.limits.maxLineBytes) bytes (limits.max_line_bytes); closing the connection",
            data: .object(JSONObject([WireName.limit: .string(Limit.maxLineBytes.key)])))
    }

    var batchTooLargeError: RPCError {
        .limitReached(
            "a batch may hold at most \(configuration.limits.maxBatch) requests (limits.max_batch)", limit: .maxBatch)
    }

    private static func isNotBlank(_ byte: UInt8) -> Bool {
        byte != 0x20 && byte != 0x09 && byte != 0x0A && byte != 0x0D
    }

    /// A request with an array or object past the parser's `maxElements`:
    /// no option or value takes that many, so it is refused as params are.
    func tooManyElementsError(_ error: JSONParseError) -> RPCError {
        .invalidParams(
            "\(error.reason) (no option or value of a request takes more) at byte \(error.offset); the rest of the line was not read"
        )
    }

    /// The `id` of the request the parser stopped reading for `maxElements`,
    /// when it came before the part that was too large.
    var partialRequestID: RPCRequestID {
        guard let partial = parser.partialDocument else { return .null }
        switch RPCEnvelope.read(partial.value) {
        case .success(let request): return request.id ?? .null
        case .failure(let failure): return failure.id
        }
    }

    var partialLineTimedOutError: RPCError {
        .limitReached(
            "a line stayed unfinished for \(configuration.limits.partialLineTimeoutMilliseconds) ms (limits.partial_line_timeout_ms); end each line with a newline; closing the connection",
            limit: .partialLineTimeoutMilliseconds)
    }

    /// The scratch array, empty; taken out while in use, so a write that
    /// reaches back in gets an array of its own.
    func takeLineScratch() -> [UInt8] {
        var line: [UInt8] = []
        swap(&line, &lineScratch)
        line.removeAll(keepingCapacity: true)
        return line
    }

    /// Keeps the array for the next answer, unless a rare large one grew it.
    func returnLineScratch(_ line: [UInt8]) {
        guard line.capacity <= 64 * 1024 else { return }
        lineScratch = line
    }

    // MARK: requests

    /// Runs one line: a request, a notification or a batch. Its changes are
    /// committed with the rest of the event-loop turn's (see `beginTurn`).
    func handle(line: [UInt8], from connection: any Connection) {
        guard turns.stateLoss == nil else { return }
        if let loopProbe {
            loopProbe.activity.lines += 1
            loopProbe.activity.lineBytes += line.count
            loopProbe.activity.largestLine = max(loopProbe.activity.largestLine, line.count)
        }
        beginTurn()
        // The envelope is read from json-c's objects and the params only as
        // the method reads them: no `JSON` tree of the whole line.
        let document: JSONDocument
        do {
            document = try line.withUnsafeBytes { bytes in
                Result { () throws(JSONParseError) -> JSONDocument in try parser.document(bytes) }
            }.get()
        } catch {
            // A batch past max_batch, found before json-c read all of it.
            let isBatch = line.first(where: Self.isNotBlank) == UInt8(ascii: "[")
            if error.elementLimitDepth == 0, isBatch {
                connection.send(RPCResponse.error(id: .null, batchTooLargeError))
            } else if error.elementLimitDepth != nil {
                let id = partialRequestID
                guard !browseAnswerTooLarge(parser.partialDocument, id: id, from: connection) else { return }
                ResponseSink(id: id, connection: connection).deliver(.failure(tooManyElementsError(error)))
            } else {
                connection.send(RPCResponse.error(id: .null, RPCError(.parseError, "parse error: \(error)")))
            }
            return
        }
        let message = document.value
        guard let elements = message.elements else {
            run(message, from: connection) { id in ResponseSink(id: id, connection: connection) }
            return
        }
        guard !elements.isEmpty else {
            connection.send(RPCResponse.error(id: .null, RPCError(.invalidRequest, "an empty batch is not a request")))
            return
        }
        guard elements.count <= configuration.limits.maxBatch else {
            connection.send(RPCResponse.error(id: .null, batchTooLargeError))
            return
        }
        let answered = elements.filter { element in
            // Notifications and a client's answers get no slot; anything unreadable is answered.
            switch RPCEnvelope.readMessage(element) {
            case .request(let request): return !request.isNotification
            case .answer: return false
            case .failure: return true
            }
        }.count
        guard answered > 0 else {
            for element in elements where !connection.isClosing { run(element, from: connection) { _ in nil } }
            return
        }
        runBatch(
            BatchInProgress(elements: elements, reply: BatchReply(connection: connection, count: answered)),
            from: connection)
    }

    /// Runs one request; `sink` makes the place its answer goes (nil: nowhere).
    func run(_ element: JSONValueView, from connection: any Connection, sink: (RPCRequestID) -> ResponseSink?) {
        defer { connection.hasSpoken = true }
        let request: RPCEnvelope
        switch RPCEnvelope.readMessage(element) {
        case .answer:
            browseAnswered(element, from: connection)
            return
        case .failure(let failure):
            sink(failure.id)?.deliver(.failure(failure.error))
            return
        case .request(let read):
            request = read
        }
        let reply = request.id.flatMap(sink)
        do {
            try dispatch(request, from: connection, reply: reply)
        } catch {
            reply?.deliver(.failure(error))
        }
    }

    // MARK: status

    var uptimeMilliseconds: Int64 {
        (NIODeadline.now() - startedAt).nanoseconds / 1_000_000
    }

    /// With memory state, dismisses every window (`shutdown`) and answers their
    /// waiters; durable windows stay for the next start. Then closes every
    /// connection once its answers are written.
    package func shutdown() {
        if !store.keepsWindows {
            let ended = model.dismissAll(by: nil, reason: .shutdown)
            if !ended.isEmpty { logger.info("shutting down: \(ended.count) windows dismissed") }
        } else if model.openWindowCount > 0 {
            logger.info("shutting down: \(model.openWindowCount) windows are kept for the next start")
        }
        afterChange()
        if turns.stateLoss == nil { store.stopping(with: model.persistentCounters) }
        wakeup?.task.cancel()
        wakeup = nil
        waitTimer?.task.cancel()
        waitTimer = nil
        slicedWork.cancelAll()
        loopProbe?.stop()
        plugins.stopAll()
        for connection in connections.all.values { connection.closeAfterFlush() }
    }
}

extension String {
    func replacingNewlines() -> String {
        split(separator: "\n").joined(separator: "; ")
    }
}
