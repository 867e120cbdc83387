import PickerJSON
import PickerProtocol

/// What the store saves of the model, and bringing it back at start.
extension PickerModel {
    // MARK: persistence

    /// What a store keeps of an open window (nil when it is not open).
    public func record(of id: WindowID) -> WindowRecord? {
        guard let window = windows[id] else { return nil }
        return WindowRecord(
            id: window.id, kind: window.kind, title: window.title, message: window.message, level: window.level,
            position: window.position, isHidden: window.isHidden, options: window.picker.options,
            value: window.value.flatMap { window.picker.redact($0) },
            defaultValue: window.defaultValue.flatMap { window.picker.redact($0) }, tag: window.tag,
            owner: window.owner.peer, onDisconnect: window.onDisconnect, createdAt: window.createdAt,
            deadline: window.deadline, clampedFrom: window.clampedFrom)
    }

    public var persistentCounters: ModelCounters {
        ModelCounters(
            nextWindowNumber: nextWindowNumber, nextTopPosition: nextTopPosition, nextBottomPosition: nextBottomPosition
        )
    }

    /// Brings back a stored state: windows in their places, outcomes for `wait`
    /// and `history`, and counters so ids never repeat. Windows whose owner had
    /// them dismissed on disconnect end now (their connections died with the
    /// daemon); deadlines that passed meanwhile fire at the next call. A window
    /// whose kind no longer exists is dismissed. Quiet hours come back as
    /// they were; if their end passed meanwhile, they end at the next call.
    /// Returns the ids dismissed here.
    @discardableResult
    public func restore(
        windows records: [WindowRecord], outcomes: [RecordedOutcome], counters: ModelCounters,
        quietHours: QuietHours? = nil
    ) -> [WindowID] {
        let now = clock.now()
        self.quietHours = quietHours
        renameQuietLevel()
        nextWindowNumber = max(nextWindowNumber, counters.nextWindowNumber)
        nextTopPosition = max(nextTopPosition, counters.nextTopPosition)
        nextBottomPosition = min(nextBottomPosition, counters.nextBottomPosition)
        for outcome in outcomes.sorted(by: { $0.at < $1.at }) {
            archive.add(outcome)
        }
        var ended: [WindowID] = []
        for record in records {
            nextWindowNumber = max(nextWindowNumber, (record.id.number ?? 0) + 1)
            nextTopPosition = max(nextTopPosition, record.position + 1)
            nextBottomPosition = min(nextBottomPosition, record.position - 1)
            let context = pluginContext(now: record.createdAt)
            guard let plugin = plugins.plugin(for: record.kind), let options = record.options.objectValue,
                let picker = try? plugin.prepare(options: options, context: context)
            else {
                // Dismissed like any other window, so the store forgets it too.
                let outcome = RecordedOutcome(
                    window: record.id, reason: .dismissed, value: nil, visibleValue: nil, by: nil, at: now,
                    owner: record.owner, kind: record.kind, title: record.title)
                archive.add(outcome)
                self.counters.byReason[.dismissed, default: 0] += 1
                emit(
                    .dismissed, window: record.id, payload: .dismissed(outcome.wire(revealingValue: false)),
                    outcome: outcome)
                ended.append(record.id)
                continue
            }
            let request = Present(
                kind: record.kind, message: record.message, tag: record.tag, hidden: record.isHidden,
                onDisconnect: record.onDisconnect)
            let window = Window(
                id: record.id, request: request, level: record.level, base: plugin.base, title: record.title,
                picker: picker, defaultValue: record.defaultValue,
                owner: Owner(peer: record.owner, connection: nil), createdAt: record.createdAt,
                deadline: record.deadline,
                position: record.position, clampedFrom: record.clampedFrom)
            if let value = record.value { window.value = value }
            add(window)
            if let deadline = window.deadline {
                deadlines.schedule(.init(at: deadline, window: window.id, purpose: .timeout))
                liveDeadlineCount += 1
            }
            // The daemon's restart is not its asker's death: the time to come back starts now.
            if ownerLeft(window, at: now) { ended.append(record.id) }
        }
        refreshKey()
        return ended
    }
}
