import PickerJSON

/// This front-end's live updates of one window that pickerd accepted and has
/// not echoed yet, matched to the `window.changed` events by value, so that
/// only the echo of an update sent from here is passed over and any other
/// change is shown.
///
/// Each accepted update comes back as exactly one event, in order, but
/// other events come between: the asker's (a form's progress field), which
/// leave the person's fields as they were when the daemon took them, and
/// other front-ends' edits. Values are compared by the person's part alone
/// (`FormFields.personsPart`), as the asker's events change only their own.
struct PendingEchoes {
    /// What an event's value is to this front-end.
    enum Verdict: Equatable {
        /// The echo of an update sent from here: nothing to draw.
        case echo
        /// The person's part as it was before the updates still pending (an
        /// asker's event queued ahead of their echoes): nothing new to draw.
        case stale
        /// A change made elsewhere: drawn.
        case news
    }

    /// Values sent, oldest first, whose echoes have not come.
    private(set) var pending: [JSON] = []
    /// The value pickerd held from this front-end before `pending`.
    private var before: JSON?

    /// More pending than this and the oldest is given up (its echo came
    /// normalized otherwise, and matched nothing).
    static let limit = 256

    var isEmpty: Bool { pending.isEmpty }

    /// An update of `value` was accepted; `previous`: the value shown before
    /// the edit, which pickerd held until then.
    mutating func sent(_ value: JSON, over previous: JSON?) {
        if pending.isEmpty { before = previous }
        pending.append(value)
        if pending.count > Self.limit { before = pending.removeFirst() }
    }

    /// What the event carrying `value` is, keeping track of the echoes taken.
    mutating func judge(_ value: JSON) -> Verdict {
        guard !pending.isEmpty else { return .news }
        if let index = pending.firstIndex(of: value) {
            // Echoes come in order: any before it came already, normalized
            // otherwise (trimmed, a number on its grid).
            before = pending[index]
            pending.removeSubrange(...index)
            return .echo
        }
        if value == before { return .stale }
        // Neither: the echo of the oldest as pickerd normalized it, or
        // someone else's edit. Each accepted update echoes once, so it is
        // taken for the echo, as a count would (a value can't tell these
        // apart without the daemon's normalization).
        before = pending.removeFirst()
        return .echo
    }
}
