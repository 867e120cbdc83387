import PickerCore

/// Where the daemon makes its changes last. `commit` gets every change the model
/// made (as its events, in order) before anything that acknowledges them reaches
/// a client: answers written while a line is handled are flushed only after the
/// read completes, and waiters and subscribers are told only after the commit.
/// A store that cannot commit throws, and the daemon stops rather than
/// acknowledge what it could not keep.
protocol StateStore: AnyObject {
    func commit(_ changes: [PickerEvent], of model: PickerModel) throws
}

/// `state.durability: memory`: the model in memory is all the state there is,
/// so there is nothing more to write.
final class MemoryStateStore: StateStore {
    func commit(_ changes: [PickerEvent], of model: PickerModel) throws {}
}
