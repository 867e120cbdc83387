import PickerCore
import PickerProtocol

/// Where the daemon makes its changes last. `commit` gets every change the model
/// made (as its events, in order) before anything that acknowledges them reaches
/// a client: answers written while a line is handled are flushed only after the
/// read completes, and waiters and subscribers are told only after the commit.
/// A store that cannot commit throws, and the daemon stops rather than
/// acknowledge what it could not keep.
package protocol StateStore: AnyObject, Sendable {
    /// Whether windows outlive the daemon (else they end with `shutdown`).
    var keepsWindows: Bool { get }
    /// What was kept when the daemon last stopped.
    func load() throws(StartupError) -> StoredState
    /// `droppedOutcomes`: outcomes the model stopped keeping for its counts.
    func commit(_ changes: [PickerEvent], droppedOutcomes: [WindowID], of model: PickerModel) throws
    /// Follows a reloaded config's retention.
    func setRetention(milliseconds: Int64)
    /// The daemon stops after its last commit: counters kept in blocks may
    /// be stored exactly now, so ids go on where they stopped.
    func stopping(with counters: ModelCounters)
    /// Outcomes still within retention at `now`, newest first; nil when the
    /// model's memory is the only record.
    func history(limit: Int, window: WindowID?, now: Timestamp) throws -> [RecordedOutcome]?
}

package struct StoredState {
    var windows: [WindowRecord]
    var outcomes: [RecordedOutcome]
    var counters: ModelCounters
    /// Quiet hours as they were, nil when there were none.
    var quietHours: QuietHours?
}

/// `state.durability: memory`: the model in memory is all the state there is,
/// so there is nothing more to write.
package final class MemoryStateStore: StateStore {
    package init() {}

    package var keepsWindows: Bool { false }

    package func load() -> StoredState {
        StoredState(
            windows: [], outcomes: [],
            counters: ModelCounters(),
            quietHours: nil)
    }

    package func commit(_ changes: [PickerEvent], droppedOutcomes: [WindowID], of model: PickerModel) throws {}
    package func setRetention(milliseconds: Int64) {}
    package func stopping(with counters: ModelCounters) {}
    package func history(limit: Int, window: WindowID?, now: Timestamp) -> [RecordedOutcome]? { nil }
}
