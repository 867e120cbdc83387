import PickerJSON
import PickerProtocol

/// The picker model: the window stack, every window's lifecycle, its timers and
/// its events. No I/O and no clock of its own: the owner calls it from one serial
/// context, reads the time through `clock`, wakes it at `nextWakeup` with
/// `fireDueTimers()`, and drains `takeEvents()` after each call.
public final class PickerModel {
    public private(set) var configuration: ModelConfiguration
    public private(set) var levels: LevelTable
    public private(set) var plugins: PluginRegistry {
        didSet {
            pluginDescriptions = plugins.descriptions
            pluginsGeneration += 1
        }
    }
    /// The `plugins` method's answer, built once per set of kinds: a client
    /// may ask for it a thousand times in one batch.
    public private(set) var pluginDescriptions: [PluginDescription]
    /// Grows each time the kinds change, so that what is made from
    /// `pluginDescriptions` (its serialized answer) can be kept until then.
    public private(set) var pluginsGeneration = 0
    public let clock: any PickerClock

    var windows: [WindowID: Window] = [:]
    let stack = StackOrder<Window>()
    var deadlines = DeadlineQueue()
    var liveDeadlineCount = 0
    var archive: OutcomeArchive
    var windowsByConnection: [ConnectionID: Set<WindowID>] = [:]
    var windowCountByOwner: [UInt32: Int] = [:]

    var nextWindowNumber: UInt64
    /// Where each id's token comes from (`WindowIDToken`); nil: ids without one.
    var idRandomness: (any RandomNumberGenerator)?
    var nextTopPosition: Int64 = 1
    var nextBottomPosition: Int64 = 0
    /// The `seq` the next event will carry.
    public private(set) var nextSequence: UInt64 = 1
    var pendingEvents: [PickerEvent] = []

    /// The topmost visible window that quiet hours do not hold.
    public private(set) var keyWindow: WindowID?
    /// Quiet hours in effect, nil when there are none (`PickerModel+Quiet`).
    public internal(set) var quietHours: QuietHours?
    public internal(set) var counters = OutcomeCounters()

    /// `firstWindowNumber` lets a restored daemon continue where ids left off.
    /// `idRandomness` makes the unguessable part of each id, as `clock` tells
    /// the time: pickerd gives the system's generator, tests a seeded one, or
    /// nil for ids without that part (`w1`, `w2`).
    public init(
        configuration: ModelConfiguration = ModelConfiguration(), levels: LevelTable, plugins: PluginRegistry,
        clock: any PickerClock, idRandomness: (any RandomNumberGenerator)?, firstWindowNumber: UInt64 = 1
    ) {
        self.configuration = configuration
        self.levels = levels
        self.plugins = plugins
        pluginDescriptions = plugins.descriptions
        self.clock = clock
        self.idRandomness = idRandomness
        nextWindowNumber = firstWindowNumber
        archive = OutcomeArchive(
            retentionMilliseconds: configuration.retentionMilliseconds, maxOutcomes: configuration.maxOutcomes,
            maxOutcomesPerUser: configuration.maxOutcomesPerUser, exemptUIDs: configuration.exemptUIDs)
    }

    public var openWindowCount: Int { windows.count }

    /// Open windows presented by `uid`, for per-user quotas.
    public func openWindowCount(ownedBy uid: UInt32) -> Int {
        windowCountByOwner[uid] ?? 0
    }

    /// Retained outcomes of windows `uid` presented.
    public func retainedOutcomeCount(ownedBy uid: UInt32) -> Int {
        archive.count(ownedBy: uid)
    }

    /// Open windows presented over `connection`, for per-connection quotas.
    public func openWindowCount(presentedOver connection: ConnectionID) -> Int {
        windowsByConnection[connection]?.count ?? 0
    }

    /// Applies a reloaded config. Open windows keep their levels, deadlines and
    /// prepared pickers (even of a kind that is gone); new limits, timeouts,
    /// retention and kinds apply from now on.
    public func reconfigure(_ configuration: ModelConfiguration, levels: LevelTable, plugins: PluginRegistry? = nil) {
        self.configuration = configuration
        self.levels = levels
        if let plugins { self.plugins = plugins }
        archive.retentionMilliseconds = configuration.retentionMilliseconds
        archive.maxOutcomes = configuration.maxOutcomes
        archive.maxOutcomesPerUser = configuration.maxOutcomesPerUser
        archive.exemptUIDs = configuration.exemptUIDs
        renameQuietLevel()
        catchUp()
    }

    // MARK: presenting

    /// The next number, and a token when the model has a random source.
    private func makeWindowID() -> WindowID {
        defer { nextWindowNumber += 1 }
        guard idRandomness != nil else { return WindowID(number: nextWindowNumber, token: "") }
        return WindowID(number: nextWindowNumber, token: WindowIDToken.make(from: &idRandomness!))
    }

    /// Opens a window for a `present` request, at `level` (its `level` param
    /// resolved by the caller, who knows the level names); `clampedFrom` is
    /// the level asked for when the caller lowered it (the `alert` permission).
    public func present(_ request: Present, at level: Level = .normal, clampedFrom: Level? = nil, owner: Owner)
        throws(PickerError)
        -> WindowSummary
    {
        let now = catchUp()
        guard let plugin = plugins.plugin(for: request.kind) else {
            throw .unknownKind(request.kind, known: plugins.kinds)
        }
        try checkWindowQuota(of: owner.peer.uid)
        let timeout = request.timeoutMilliseconds ?? configuration.defaultTimeoutMilliseconds
        if let timeout, !(1...configuration.maxTimeoutMilliseconds).contains(timeout) {
            throw .invalidParams(
                "\(WireName.timeoutMs.jsonKey) must be between 1 and \(configuration.maxTimeoutMilliseconds)",
                field: WireName.timeoutMs.jsonKey)
        }
        let (picker, defaultValue) = try prepare(request, with: plugin, now: now)

        let id = makeWindowID()
        let window = Window(
            id: id, request: request, level: level, base: plugin.base, title: request.title ?? plugin.defaultTitle,
            picker: picker,
            defaultValue: defaultValue, owner: owner, createdAt: now,
            deadline: timeout.map { now.adding(milliseconds: $0) }, position: takeTopPosition(),
            clampedFrom: clampedFrom)
        add(window)
        if let connection = owner.connection {
            windowsByConnection[connection, default: []].insert(id)
        }
        if let deadline = window.deadline {
            deadlines.schedule(.init(at: deadline, window: id, purpose: .timeout))
            liveDeadlineCount += 1
        }
        counters.presented += 1

        let becomesKey = keyCandidate?.id == id
        emit(.presented, window: id, payload: .presented(summary(of: window, isKey: becomesKey)))
        refreshKey()
        return summary(of: window)
    }

    /// What `present` would make of `request`'s options and `default`,
    /// without opening a window: the canonical options, and whether the
    /// default holds a secret. The daemon asks a preset's external program
    /// about the default with these before it presents.
    public func check(_ request: Present) throws(PickerError) -> (options: JSON, defaultHoldsSecret: Bool) {
        let now = catchUp()
        guard let plugin = plugins.plugin(for: request.kind) else {
            throw .unknownKind(request.kind, known: plugins.kinds)
        }
        let (picker, defaultValue) = try prepare(request, with: plugin, now: now)
        return (picker.options, defaultValue.map { picker.redact($0) != $0 } ?? false)
    }

    /// The picker for `request`'s options, and its default as the kind normalizes it.
    private func prepare(_ request: Present, with plugin: any PickerPlugin, now: Timestamp) throws(PickerError) -> (
        any PreparedPicker, JSON?
    ) {
        let context = pluginContext(now: now)
        let picker: any PreparedPicker
        do {
            picker = try plugin.prepare(options: request.options, context: context)
        } catch {
            let options = WireName.options.jsonKey
            throw .invalidParams(error.message, field: error.field.map { "\(options).\($0)" } ?? options)
        }
        guard let requested = request.defaultValue else { return (picker, nil) }
        do {
            // The asker's default: the parts it moves that it leaves out start where the picker does.
            let given = picker.settled(requested, over: picker.initialValue, by: .askerAnswer)
            return (picker, try picker.normalize(given, context: context))
        } catch {
            throw .invalidParams("invalid default: \(error.message)", field: WireName.default.jsonKey)
        }
    }

    // MARK: answering

    /// Sets the live selection (validated), which front-ends and `get` show.
    /// `connection`: whose update it is, which decides what of it counts
    /// where the asker moves part of the window (`ValueGiver`).
    public func update(window id: WindowID?, value: JSON, from connection: ConnectionID? = nil) throws(PickerError)
        -> WindowSummary
    {
        let now = catchUp()
        let window = try openWindow(id)
        let byAsker = window.isAsker(connection)
        let given = window.settled(value, by: byAsker ? .askerUpdate : .otherUpdate)
        let normalized = try normalize(given, for: window, now: now, asDraft: true)
        window.value = normalized
        if let reason = window.picker.reason(forUpdating: normalized) {
            let summary = summary(of: window)
            end(window, reason: reason, value: normalized, by: window.owner.peer, at: now)
            refreshKey()
            return summary.ended
        }
        // The asker's stream of progress costs subscribers what a progress
        // window's does; the person's edits go out one by one (a front-end
        // counts its echoes).
        if window.picker.isMovedByAsker || (byAsker && window.picker.hasAskerMovedParts) {
            emitCoalescedChange(of: window, at: now)
        } else {
            emitChange(of: window)
        }
        return summary(of: window)
    }

    public func submit(window id: WindowID?, value: JSON, by peer: Peer, from connection: ConnectionID? = nil)
        throws(PickerError) -> RecordedOutcome
    {
        let now = catchUp()
        let window = try openWindow(id)
        let given = window.settled(value, by: window.isAsker(connection) ? .askerAnswer : .otherAnswer)
        let normalized = try normalize(given, for: window, now: now)
        let outcome = end(
            window, reason: window.picker.reason(forSubmitting: normalized), value: normalized, by: peer, at: now)
        refreshKey()
        return outcome
    }

    public func cancel(window id: WindowID?, by peer: Peer) throws(PickerError) -> RecordedOutcome {
        let now = catchUp()
        let window = try openWindow(id)
        // What the asker moved has come this far: the outcome says so.
        let value = window.picker.isMovedByAsker ? window.value : nil
        let outcome = end(window, reason: .cancelled, value: value, by: peer, at: now)
        refreshKey()
        return outcome
    }

    // MARK: internals

    /// Every public operation starts here, so a deadline that has passed takes
    /// effect before anything else can happen to the window.
    @discardableResult
    func catchUp() -> Timestamp {
        let now = clock.now()
        if let end = quietHours?.until, end <= now {
            // Deadlines that came before the end of quiet hours go first, so
            // events keep the order things happened in.
            fireDeadlines(dueBy: end, now: now)
            changeQuietHours(to: nil)
        }
        fireDeadlines(dueBy: now, now: now)
        archive.purge(now: now)
        return now
    }

    /// Ends the windows whose deadline (timeout or owner's grace) is at or
    /// before `instant`.
    private func fireDeadlines(dueBy instant: Timestamp, now: Timestamp) {
        guard let earliest = deadlines.earliest, earliest <= instant else { return }
        var ended = false
        for entry in deadlines.popDue(at: instant) {
            guard let window = windows[entry.window] else { continue }
            switch entry.purpose {
            case .timeout where window.deadline == entry.at:
                liveDeadlineCount -= 1
                end(window, reason: .timeout, value: timeoutValue(of: window, now: now), by: nil, at: now)
                ended = true
            case .ownerGrace where window.ownerGraceDeadline == entry.at:
                liveDeadlineCount -= 1
                end(window, reason: .ownerGone, value: nil, by: nil, at: now)
                ended = true
            case .heldChange where window.changes.heldUntil == entry.at:
                liveDeadlineCount -= 1
                window.changes.heldUntil = nil
                emitChange(of: window, coalescedAt: now)
            default:
                break
            }
        }
        deadlines.compact(liveCount: liveDeadlineCount) { [windows] entry in
            guard let window = windows[entry.window] else { return false }
            switch entry.purpose {
            case .timeout: return window.deadline == entry.at
            case .ownerGrace: return window.ownerGraceDeadline == entry.at
            case .heldChange: return window.changes.heldUntil == entry.at
            }
        }
        if ended { refreshKey() }
    }

    /// The `default` a timeout ends `window` with: the parts its asker moves
    /// as they are live (how far they came), the rest as the default says.
    private func timeoutValue(of window: Window, now: Timestamp) -> JSON? {
        guard let value = window.defaultValue, window.picker.hasAskerMovedParts else { return window.defaultValue }
        let settled = window.settled(value, by: .otherAnswer)
        return (try? normalize(settled, for: window, now: now)) ?? value
    }

    func pluginContext(now: Timestamp) -> PluginContext {
        PluginContext(now: now, timeZone: configuration.timeZone, registry: plugins)
    }

    /// Puts a new or restored window into the index and the stack.
    func add(_ window: Window) {
        windows[window.id] = window
        windowCountByOwner[window.owner.peer.uid, default: 0] += 1
        stack.insert(window, at: window.stackKey, isVisible: !window.isHidden)
    }

    func takeTopPosition() -> Int64 {
        defer { nextTopPosition += 1 }
        return nextTopPosition
    }

    /// The open window `id` names, or the key window when `id` is nil.
    func openWindow(_ id: WindowID?) throws(PickerError) -> Window {
        guard let id else {
            guard let key = keyWindow, let window = windows[key] else { throw .noSuchWindow(nil) }
            return window
        }
        if let window = windows[id] { return window }
        if let outcome = archive[id] { throw .alreadyDismissed(outcome) }
        throw .noSuchWindow(id)
    }

    /// `asDraft`: an `update`, whose value may still be incomplete.
    func normalize(_ value: JSON, for window: Window, now: Timestamp, asDraft: Bool = false) throws(PickerError) -> JSON
    {
        let context = pluginContext(now: now)
        do {
            return try asDraft
                ? window.picker.normalizeDraft(value, context: context)
                : window.picker.normalize(value, context: context)
        } catch {
            throw .invalidParams(error.message, field: error.field ?? "value")
        }
    }

    func refreshKey() {
        let newKey = keyCandidate?.id
        guard newKey != keyWindow else { return }
        if let old = keyWindow { emit(.resignedKey, window: old) }
        keyWindow = newKey
        if let newKey { emit(.key, window: newKey) }
    }

    func emit(
        _ kind: PickerEvent.Kind, window: WindowID?, payload: EventPayload = .none, outcome: RecordedOutcome? = nil
    ) {
        pendingEvents.append(
            PickerEvent(seq: nextSequence, kind: kind, window: window, payload: payload, outcome: outcome))
        nextSequence += 1
    }

    func summary(of window: Window, isKey: Bool? = nil) -> WindowSummary {
        window.summary(
            level: window.level, levelName: levels.name(of: window.level), state: state(of: window),
            isKey: isKey ?? (window.id == keyWindow))
    }
}

extension JSONObject {
    func removing(_ key: String) -> JSONObject {
        var copy = self
        copy[key] = nil
        return copy
    }
}
