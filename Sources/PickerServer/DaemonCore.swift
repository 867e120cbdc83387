import CPickerSystem
import Logging
#if canImport(Glibc)
import Glibc
#endif
import NIOCore
import PickerCore
import PickerJSON
import PickerPlugins
import PickerProtocol

/// The daemon's one owner of state: the model, connections, waiters,
/// subscriptions and the timer. It lives on one event loop and is only touched
/// there; connections call it directly, so there are no locks.
final class DaemonCore {
    let eventLoop: any EventLoop
    private(set) var configuration: DaemonConfiguration
    private(set) var policy: PermissionPolicy
    let model: PickerModel
    var logger: Logger
    private let configPath: String?
    private let systemTimeZone: String
    private let startedAt = NIODeadline.now()
    private var parser: JSONParser
    private var reloadsStarted = 0
    private var reloadsApplied = 0
    /// Runs work that may block (reading the config, name lookups) away from the loop.
    private let offLoop: @Sendable (@escaping @Sendable () -> Void) -> Void

    private(set) var connections: [ConnectionID: ConnectionHandler] = [:]
    private var connectionsByUser: [UInt32: Set<ConnectionID>] = [:]
    /// Per user, what waits for its connections to read (`checkBacklog`).
    private var backlogByUser: [UInt32: Int] = [:]
    private var memoryRelease: Scheduled<Void>?
    /// When a refusal for each uid was last logged, so a flood logs little.
    private var refusalsLogged: [UInt32: NIODeadline] = [:]
    private var nextConnectionNumber: UInt64 = 1
    private let store: any StateStore
    private let notifier: SystemdNotifier
    private var announcedStatus = ""
    private var statusUpdate: Scheduled<Void>?
    private var waiters = WaiterRegistry()
    private(set) var subscriptions = SubscriptionRegistry()
    private var wakeup: (at: Timestamp, task: Scheduled<Void>)?
    /// Presets' external programs, by kind; started on first use.
    private(set) var externalPlugins: [String: ExternalPlugin] = [:]
    /// Runs their programs: processes, or scripted ones in the fuzz target.
    private let pluginLauncher: any PluginProgramLauncher

    init(
        eventLoop: any EventLoop, configuration: DaemonConfiguration, configPath: String?, systemTimeZone: String,
        daemonUID: UInt32, clock: any PickerClock, store: any StateStore, notifier: SystemdNotifier, logger: Logger,
        offLoop: @escaping @Sendable (@escaping @Sendable () -> Void) -> Void = { $0() },
        pluginLauncher: any PluginProgramLauncher = PluginProcessLauncher()
    ) throws(PickerError) {
        self.offLoop = offLoop
        self.pluginLauncher = pluginLauncher
        self.notifier = notifier
        self.eventLoop = eventLoop
        self.configuration = configuration
        self.configPath = configPath
        self.systemTimeZone = systemTimeZone
        self.logger = logger
        policy = PermissionPolicy(daemonUID: daemonUID, rules: configuration.permissionRules)
        self.store = store
        parser = JSONParser(maxDepth: configuration.limits.maxDepth)
        let modelConfiguration = configuration.modelConfiguration(systemTimeZone: systemTimeZone, daemonUID: daemonUID)
        let presets = Self.loadPresets(configuration, configPath: configPath, timeZone: modelConfiguration.timeZone, clock: clock)
        model = PickerModel(
            configuration: modelConfiguration, levels: try LevelTable(extra: configuration.levels), plugins: presets.registry,
            clock: clock)
        report(presets)
        adoptExternalPlugins(presets)
    }

    /// The built-in kinds plus the presets folder's.
    private static func loadPresets(
        _ configuration: DaemonConfiguration, configPath: String?, timeZone: String, clock: any PickerClock
    ) -> PresetFolder.Loaded {
        PresetFolder.load(
            configuration.presetsFolder(configPath: configPath),
            context: PluginContext(now: clock.now(), timeZone: timeZone, registry: .builtIn))
    }

    /// Replaces the external programs with those of `presets` (the old ones stop).
    private func adoptExternalPlugins(_ presets: PresetFolder.Loaded) {
        for plugin in externalPlugins.values { plugin.stop() }
        externalPlugins = [:]
        let timeout = TimeAmount.milliseconds(configuration.pluginTimeoutMilliseconds)
        for preset in presets.presets {
            guard let exec = preset.exec else { continue }
            externalPlugins[preset.kind] = ExternalPlugin(
                kind: preset.kind, command: exec, workingDirectory: presets.folder, eventLoop: eventLoop, timeout: timeout,
                launcher: pluginLauncher, log: { [logger] level, message in logger.log(level: level, "\(message)") })
        }
    }

    private func report(_ presets: PresetFolder.Loaded) {
        for problem in presets.problems { logger.warning("preset skipped: \(problem)") }
        if !presets.presets.isEmpty {
            logger.info("presets: \(presets.presets.map { "\($0.kind) (\($0.file))" }.joined(separator: ", "))")
        }
    }

    /// Brings back what the store kept, then commits what the restore changed
    /// (deadlines that passed while the daemon was down fire here).
    func restore() throws(StartupError) {
        let stored = try store.load()
        let ended = model.restore(windows: stored.windows, outcomes: stored.outcomes, counters: stored.counters)
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
        announcedStatus = statusSummary
        notifier.ready(status: announcedStatus)
    }

    /// A short summary for systemd's STATUS=.
    private var statusSummary: String {
        "\(model.openWindowCount) open windows (\(model.visibleCount) visible), \(connections.count) connections"
    }

    /// Sends STATUS= when the summary changed, at most four times a second.
    private func scheduleStatusUpdate() {
        guard notifier.isActive, statusUpdate == nil, statusSummary != announcedStatus else { return }
        statusUpdate = eventLoop.assumeIsolated().scheduleTask(in: .milliseconds(250)) { [self] in
            statusUpdate = nil
            announcedStatus = statusSummary
            notifier.status(announcedStatus)
        }
    }

    var lineTooLongError: RPCError {
        RPCError(
            .lineTooLong,
            "line longer than \(configuration.limits.maxLineBytes) bytes (limits.max_line_bytes); closing the connection",
            data: ["limit": .string(Limit.maxLineBytes.key)])
    }

    // MARK: connections

    func makeConnection(peer: PeerCredentials? = nil) -> ConnectionHandler {
        defer { nextConnectionNumber += 1 }
        return ConnectionHandler(id: ConnectionID(nextConnectionNumber), core: self, limits: configuration.limits, peer: peer)
    }

    /// Counts a connection whose credentials arrived, or says why it may not
    /// stay: its user has `max_connections_per_user`, or the daemon is full.
    func admit(_ connection: ConnectionHandler, peer: PeerCredentials) -> RPCError? {
        if let refusal = connectionQuota.refusal(
            uid: peer.uid, ownCount: connectionsByUser[peer.uid]?.count ?? 0, total: connections.count)
        {
            logRefusal(refusal, uid: peer.uid)
            return refusal
        }
        connections[connection.id] = connection
        connectionsByUser[peer.uid, default: []].insert(connection.id)
        logger.debug("connection \(connection.id.rawValue) accepted from uid \(peer.uid) pid \(peer.pid)")
        return nil
    }

    private var connectionQuota: Quota {
        Quota(
            perUser: configuration.limits.maxConnectionsPerUser, perUserLimit: .maxConnectionsPerUser,
            total: min(configuration.limits.maxConnections, Self.connectionsTheFileLimitAllows), totalLimit: .maxConnections,
            noun: "connections", exempt: quotaExempt)
    }

    /// Connections the limit on open files leaves room for, beside the
    /// daemon's own descriptors (listening socket, epoll, state files, plugin
    /// pipes). Read at start; pickerd raises its soft limit to the hard one.
    static let connectionsTheFileLimitAllows: Int = {
        var limit = rlimit()
        guard getrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &limit) == 0, limit.rlim_cur != ~rlim_t(0) else {
            return Int.max
        }
        return max(1, Int(clamping: limit.rlim_cur) - 64)
    }()

    /// The daemon's own user and root: held to totals only, never per-user quotas.
    private(set) lazy var quotaExempt: Set<UInt32> = [0, policy.daemonUID]

    /// Gives freed pages back to the system (a backlog that was dropped), at
    /// most once a second: it walks the whole heap.
    private func releaseFreeMemorySoon() {
        guard memoryRelease == nil else { return }
        memoryRelease = eventLoop.assumeIsolated().scheduleTask(in: .seconds(1)) { [self] in
            memoryRelease = nil
            picker_release_free_memory()
        }
    }

    /// Logs a quota refusal at notice, at most once a minute per uid.
    func logRefusal(_ refusal: RPCError, uid: UInt32) {
        let now = NIODeadline.now()
        if let last = refusalsLogged[uid], now - last < .seconds(60) { return }
        if refusalsLogged.count > 1000 { refusalsLogged = [:] }
        refusalsLogged[uid] = now
        logger.notice("refused uid \(uid): \(refusal.message) (logged once a minute per user)")
    }

    /// Whether the core keeps nothing for the connection (no window presented
    /// over it is open, nothing waits, nothing is subscribed): then it may be
    /// closed when idle.
    func holdsNothing(for connection: ConnectionHandler) -> Bool {
        model.openWindowCount(presentedOver: connection.id) == 0 && waiters.count(of: connection.id) == 0
            && subscriptions.count(of: connection.id) == 0
    }

    // MARK: backlogs

    /// Counts what waits for the connection (written and not taken by the
    /// kernel, and batch answers not yet written) in its user's backlog, and
    /// when `mayClose`, closes it, dropping what it left unread, once that
    /// passes `max_write_backlog_bytes`: the sum over the user's connections,
    /// or for the daemon's own user and root, the connection's own. Each
    /// connection's share is what was counted at its last write, so a check
    /// costs the same however many connections the user has.
    func checkBacklog(of connection: ConnectionHandler, mayClose: Bool) {
        guard let uid = connection.peer?.uid, !connection.isClosing else { return }
        let pending = connection.pendingBytes
        let total = backlogByUser[uid, default: 0] + pending - connection.countedBacklog
        backlogByUser[uid] = total
        connection.countedBacklog = pending
        let limit = configuration.limits.maxWriteBacklogBytes
        let backlog = quotaExempt.contains(uid) ? pending : total
        guard mayClose, backlog > limit else { return }
        logger.notice(
            "connection \(connection.id.rawValue) of uid \(uid) closed: \(backlog) bytes of answers and events wait unread, more than limits.max_write_backlog_bytes (\(limit))"
        )
        connection.abandon()
        forgetBacklog(of: connection)
    }

    /// The connection caught up, or is gone: its share leaves its user's backlog.
    func forgetBacklog(of connection: ConnectionHandler) {
        guard let uid = connection.peer?.uid, connection.countedBacklog != 0 else { return }
        let left = backlogByUser[uid, default: 0] - connection.countedBacklog
        backlogByUser[uid] = left == 0 ? nil : left
        connection.countedBacklog = 0
    }

    func connectionClosed(_ connection: ConnectionHandler) {
        guard connections.removeValue(forKey: connection.id) != nil else { return }
        if let uid = connection.peer?.uid {
            connectionsByUser[uid]?.remove(connection.id)
            if connectionsByUser[uid]?.isEmpty == true { connectionsByUser[uid] = nil }
        }
        forgetBacklog(of: connection)
        waiters.removeAll(of: connection.id)
        subscriptions.removeAll(of: connection.id)
        if connection.fellBehind { releaseFreeMemorySoon() }
        model.connectionClosed(connection.id)
        logger.debug("connection \(connection.id.rawValue) closed")
        afterChange()
    }

    func permissions(of connection: ConnectionHandler) -> Set<Permission> {
        connection.peer.map(policy.permissions(for:)) ?? []
    }

    // MARK: requests

    /// Runs one line: a request, a notification or a batch. Its changes are
    /// committed with the rest of the event-loop turn's (see `beginTurn`).
    func handle(line: [UInt8], from connection: ConnectionHandler) {
        beginTurn()
        let message: JSON
        do {
            message = try parser.parse(line)
        } catch {
            connection.send(RPCResponse.error(id: .null, RPCError(.parseError, "parse error: \(error)")))
            return
        }
        guard case .array(let elements) = message else {
            line.withUnsafeBytes { source in
                run(message, source: source, from: connection) { id in ResponseSink(id: id, connection: connection) }
            }
            return
        }
        guard !elements.isEmpty else {
            connection.send(RPCResponse.error(id: .null, RPCError(.invalidRequest, "an empty batch is not a request")))
            return
        }
        guard elements.count <= configuration.limits.maxBatch else {
            connection.send(
                RPCResponse.error(
                    id: .null,
                    .limitReached("a batch may hold at most \(configuration.limits.maxBatch) requests (limits.max_batch)", limit: .maxBatch)))
            return
        }
        let answered = elements.filter { element in
            // Notifications get no slot; anything unreadable is answered.
            if case .success(let request) = RPCRequest.read(element) { return !request.isNotification }
            return true
        }.count
        guard answered > 0 else {
            for element in elements where !connection.isClosing { run(element, from: connection) { _ in nil } }
            return
        }
        let batch = BatchReply(connection: connection, count: answered)
        var slot = 0
        line.withUnsafeBytes { source in
            let sources = JSONSourceText.elementRanges(in: source) ?? []
            for (index, element) in elements.enumerated() {
                // A batch whose answers grew past the backlog limit closed the connection.
                guard !connection.isClosing else { break }
                let text = sources.indices.contains(index) ? UnsafeRawBufferPointer(rebasing: source[sources[index]]) : nil
                run(element, source: text, from: connection) { id in
                    defer { slot += 1 }
                    return ResponseSink(id: id, batch: batch, index: slot)
                }
            }
        }
    }

    /// Runs one request; `sink` makes the place its answer goes (nil: nowhere).
    /// `source` is the request's own text, where its id's exact spelling is.
    private func run(
        _ element: JSON, source: UnsafeRawBufferPointer? = nil, from connection: ConnectionHandler,
        sink: (RPCRequestID) -> ResponseSink?
    ) {
        let request: RPCRequest
        switch RPCRequest.read(element, source: source) {
        case .failure(let failure):
            sink(failure.id)?.deliver(.failure(failure.error))
            return
        case .success(let read):
            request = read
        }
        let reply = request.id.flatMap(sink)
        do {
            switch try dispatch(request, from: connection, reply: reply) {
            case .result(let result): reply?.deliver(.success(result))
            case .deferred: break
            }
        } catch {
            reply?.deliver(.failure(error))
        }
    }

    // MARK: group commit

    /// Answers written during the current turn wait for its commit here.
    private var heldConnections: [ConnectionHandler] = []
    private(set) var isHoldingWrites = false

    /// Group commit: every line read in one event-loop turn, on any connection,
    /// is answered into the socket buffers but not flushed; a task that NIO runs
    /// after the turn's reads commits all their changes in one transaction and
    /// only then flushes the held answers. Nothing is acknowledged before it is
    /// stored, and a burst of requests costs one commit instead of one each.
    private func beginTurn() {
        guard !isHoldingWrites else { return }
        isHoldingWrites = true
        eventLoop.assumeIsolated().execute { [self] in endTurn() }
    }

    private func endTurn() {
        isHoldingWrites = false
        // Commits, then releases what the turn held with what it delivers.
        afterChange()
    }

    private func releaseHeldWrites() {
        isHoldingWrites = false
        let held = heldConnections
        heldConnections = []
        for connection in held { connection.releaseHeldWrites() }
    }

    /// Runs work that changes the model outside a request's line (an external
    /// plugin's answer) as a turn of its own: committed before answers go out.
    func runAsTurn(_ body: () -> Void) {
        beginTurn()
        body()
    }

    /// A connection wrote while the turn holds writes; `releaseHeldWrites` follows.
    func hold(_ connection: ConnectionHandler) {
        heldConnections.append(connection)
    }

    // MARK: after every change

    /// Sends the model's new events to subscribers and waiters, logs windows
    /// coming and going, and re-arms the timer.
    func afterChange() {
        // What is delivered here is written held and flushed at the end: a
        // flush can reach back into a connection (NIO reads, then closes, a
        // socket whose write failed), which must not happen in the middle of
        // delivering, nor before the commit.
        let ownsTheHold = !isHoldingWrites
        if ownsTheHold { isHoldingWrites = true }
        defer { if ownsTheHold { releaseHeldWrites() } }
        let events = model.takeEvents()
        let forgotten = model.takeDroppedOutcomes()
        if !events.isEmpty || !forgotten.isEmpty {
            do {
                try store.commit(events, droppedOutcomes: forgotten, of: model)
            } catch {
                // Nothing written since the last commit has been flushed to a
                // client, so stopping here acknowledges nothing that was lost.
                let advice =
                    (error as? SQLiteDatabase.Failure)?.isDiskFull == true
                    ? "; the disk holding the state directory is full: free some space and start pickerd again" : ""
                logger.critical("cannot save the daemon's state, stopping without acknowledging it: \(error)\(advice)")
                exit(70)
            }
        }
        for event in events {
            switch event.kind {
            case .presented:
                logPresented(event)
            case .dismissed:
                logger.info(
                    "window \(event.window) dismissed: \(event.fields["reason"]?.stringValue ?? "?")\(describeActor(event.fields["by"]))"
                )
                // From the event, not the archive: the outcome may already have
                // left it (retention 0, or dropped for a count in this turn).
                if let outcome = event.outcome {
                    for waiter in waiters.resolve(window: event.window) {
                        waiter.reply.deliver(.success(outcome.json(for: waiter.uid)))
                    }
                }
            default:
                break
            }
            subscriptions.deliver(event, limit: configuration.limits.maxEventQueue, to: connections)
        }
        scheduleWakeup()
        scheduleStatusUpdate()
    }

    private func logPresented(_ event: PickerEvent) {
        let kind = event.fields["kind"]?.stringValue ?? "?"
        let level = event.fields["level_name"]?.stringValue ?? event.fields["level"].map(\.description) ?? "?"
        var owner = ""
        if let peer = model.owner(of: event.window)?.peer { owner = " by uid \(peer.uid) pid \(peer.pid)" }
        logger.info("window \(event.window) presented: \(kind) at level \(level)\(owner)")
    }

    private func describeActor(_ by: JSON?) -> String {
        guard let uid = by?["uid"], let pid = by?["pid"] else { return "" }
        return " by uid \(uid) pid \(pid)"
    }

    private func scheduleWakeup() {
        let next = model.nextWakeup
        guard next != wakeup?.at else { return }
        wakeup?.task.cancel()
        wakeup = nil
        guard let next else { return }
        let delay = max(0, next.milliseconds - model.clock.now().milliseconds)
        let task = eventLoop.assumeIsolated().scheduleTask(in: .milliseconds(delay)) { [self] in
            wakeup = nil
            model.fireDueTimers()
            afterChange()
        }
        wakeup = (next, task)
    }

    func storedHistory(limit: Int, window: WindowID?) throws -> [RecordedOutcome]? {
        try store.history(limit: limit, window: window, now: model.clock.now())
    }

    func subscriptionsAdd(connection: ConnectionID, uid: UInt32, kinds: Set<PickerEvent.Kind>, windows: Set<WindowID>) -> String {
        subscriptions.add(connection: connection, uid: uid, kinds: kinds, windows: windows, firstSequence: model.nextSequence)
    }

    func subscriptionsRemove(_ id: String, of connection: ConnectionID) -> Bool {
        subscriptions.remove(id, of: connection)
    }

    // MARK: waiting

    /// Refuses one more waiter past `max_waiters_per_connection`, or for a
    /// user other than the daemon's own and root, past `max_waiters_per_user`.
    func checkWaiterQuota(_ connection: ConnectionHandler, uid: UInt32) throws(RPCError) {
        let limits = configuration.limits
        guard waiters.count(of: connection.id) < limits.maxWaitersPerConnection else {
            throw .limitReached(
                "this connection already waits on \(limits.maxWaitersPerConnection) windows, its limit (limits.max_waiters_per_connection)", limit: .maxWaitersPerConnection)
        }
        let quota = Quota(
            perUser: limits.maxWaitersPerUser, perUserLimit: .maxWaitersPerUser, total: nil, totalLimit: nil, noun: "waiting requests",
            exempt: quotaExempt)
        if let refusal = quota.refusal(uid: uid, ownCount: waiters.count(ownedBy: uid), total: waiters.count) {
            logRefusal(refusal, uid: uid)
            throw refusal
        }
    }

    /// Answers `reply` with the window's outcome when it is dismissed, or with
    /// -32003 after `timeout`.
    func addWaiter(for window: WindowID, reply: ResponseSink, uid: UInt32, timeout: TimeAmount?) {
        let token = waiters.add(window: window, reply: reply, uid: uid)
        guard let timeout else { return }
        let task = eventLoop.assumeIsolated().scheduleTask(in: timeout) { [self] in
            if let expired = waiters.remove(token: token) {
                expired.reply.deliver(
                    .failure(
                        RPCError(
                            .waitTimedOut,
                            "wait timed out after \(timeout.nanoseconds / 1_000_000) ms; window \(window) is still open")))
            }
        }
        waiters.setTimeout(task, token: token)
    }

    // MARK: config

    /// Re-reads the config file; a bad one changes nothing. The file is read
    /// (and names in its rules looked up) by `offLoop`, then applied on the
    /// loop, and `completion` runs there. systemd hears RELOADING=1 before and
    /// READY=1 after, either way.
    func reload(completion: @escaping (Result<Void, ConfigProblems>) -> Void = { _ in }) {
        notifier.reloading()
        reloadsStarted += 1
        let path = configPath
        let generation = reloadsStarted
        let bound = NIOLoopBound((core: self, completion: completion), eventLoop: eventLoop)
        offLoop {
            let loaded = DaemonConfiguration.load(from: path)
            bound.eventLoop.execute {
                let (core, completion) = bound.value
                completion(core.finishReload(loaded, generation: generation))
            }
        }
    }

    /// Applies a reload's reading, unless a later reload's was applied
    /// already: reads finish in any order, and the newest file wins.
    private func finishReload(_ loaded: Result<DaemonConfiguration, ConfigProblems>, generation: Int)
        -> Result<Void, ConfigProblems>
    {
        defer { notifier.ready(status: statusSummary) }
        guard generation > reloadsApplied else { return .success(()) }
        reloadsApplied = generation
        switch loaded {
        case .failure(let problems):
            logger.error("config not reloaded; keeping the current one: \(problems.description.replacingNewlines())")
            return .failure(problems)
        case .success(let new):
            apply(new)
            logger.info("config reloaded from \(configPath ?? "the built-in default")")
            return .success(())
        }
    }

    func apply(_ new: DaemonConfiguration) {
        configuration = new
        policy = PermissionPolicy(daemonUID: policy.daemonUID, rules: new.permissionRules)
        parser = JSONParser(maxDepth: new.limits.maxDepth)
        logger.logLevel = new.logLevel
        store.setRetention(milliseconds: new.retentionMilliseconds)
        // LevelTable(extra:) was checked when the config was read.
        if let levels = try? LevelTable(extra: new.levels) {
            let modelConfiguration = new.modelConfiguration(systemTimeZone: systemTimeZone, daemonUID: policy.daemonUID)
            let presets = Self.loadPresets(new, configPath: configPath, timeZone: modelConfiguration.timeZone, clock: model.clock)
            model.reconfigure(modelConfiguration, levels: levels, plugins: presets.registry)
            report(presets)
            adoptExternalPlugins(presets)
        }
        afterChange()
    }

    // MARK: status

    var uptimeMilliseconds: Int64 {
        (NIODeadline.now() - startedAt).nanoseconds / 1_000_000
    }

    /// With memory state, dismisses every window (`shutdown`) and answers their
    /// waiters; durable windows stay for the next start. Then closes every
    /// connection once its answers are written.
    func shutdown() {
        if !store.keepsWindows {
            let ended = model.dismissAll(by: nil, reason: .shutdown)
            if !ended.isEmpty { logger.info("shutting down: \(ended.count) windows dismissed") }
        } else if model.openWindowCount > 0 {
            logger.info("shutting down: \(model.openWindowCount) windows are kept for the next start")
        }
        afterChange()
        wakeup?.task.cancel()
        wakeup = nil
        for plugin in externalPlugins.values { plugin.stop() }
        for connection in connections.values { connection.closeAfterFlush() }
    }
}

extension String {
    func replacingNewlines() -> String {
        split(separator: "\n").joined(separator: "; ")
    }
}
