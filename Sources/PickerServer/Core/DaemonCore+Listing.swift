import PickerCore
import PickerJSON
import PickerProtocol

/// `list`: answered at once when short; a long one is serialized a slice per
/// loop iteration.
extension DaemonCore {
    /// With more than `SliceBudgets.listWindows` windows open, the list is a
    /// job of `slicedWork`: at its first slice the stack is taken
    /// (`StackSnapshot`), then its summaries are serialized a slice at a time
    /// straight into the answer's text, written once complete: the same line
    /// as `List.encode`'s, byte for byte. From the request on, the
    /// connection's later lines wait, and from the snapshot on, its answers
    /// and events wait behind the list (`slicedAnswerBegins`, `…Starts`), so
    /// that everything keeps its order; other connections are served between
    /// slices. A connection's lists run one after another (a batch of 20 holds
    /// one snapshot at a time, and is cut off at its second if never read).
    func list(_ request: List, level: Level?, _ call: MethodCall) -> Served<WindowList> {
        let budget = slicedWork.budgets.listWindows
        guard model.openWindowCount > budget, let reply = call.reply else {
            return .result(model.list(includeHidden: request.includeHidden, level: level))
        }
        let connection = call.connection
        connection.slicedAnswerBegins()
        var listing: ListInProgress?
        slicedWork.start(owner: connection.id, budget: budget) { [self] budget in
            guard !connection.isClosing else {
                connection.slicedAnswerWritten(slot: listing?.slot) {}
                return true
            }
            let current =
                listing
                ?? ListInProgress(
                    model.snapshot(includeHidden: request.includeHidden, level: level),
                    slot: connection.slicedAnswerStarts())
            listing = current
            guard current.serialize(atMost: budget) else { return false }
            connection.slicedAnswerWritten(slot: current.slot) { reply.deliver(serializedResult: current.text) }
            return true
        }
        return .deferred
    }

    /// The text of a `list` result around its windows: `{"key":…,"windows":[`
    /// and `]}`, cut from the encoding of an empty list so that it stays
    /// whatever `List.encode` writes.
    static func listFrame(key: WindowID?) -> (start: [UInt8], end: [UInt8]) {
        var empty: [UInt8] = []
        List.encode(WindowList(key: key, windows: [])).serialize(into: &empty)
        let brackets: [UInt8] = [UInt8(ascii: "["), UInt8(ascii: "]")]
        guard
            let open = empty.indices.dropLast().last(where: { empty[$0] == brackets[0] && empty[$0 + 1] == brackets[1] }
            )
        else {
            preconditionFailure("a list's encoding has no windows array")
        }
        return (Array(empty[...open]), Array(empty[(open + 1)...]))
    }
}

/// A `list` answer being serialized: its snapshot, the text so far, and the
/// place its line holds among what its connection writes.
final class ListInProgress {
    let snapshot: StackSnapshot
    let slot: Int
    private(set) var text: [UInt8]
    private let end: [UInt8]
    private var next = 0

    init(_ snapshot: StackSnapshot, slot: Int) {
        self.snapshot = snapshot
        self.slot = slot
        (text, end) = DaemonCore.listFrame(key: snapshot.key)
        // About 200 bytes a summary: grown by doubling, 100,000 would be copied 20 times.
        text.reserveCapacity(text.count + snapshot.count * 200)
    }

    /// Serializes up to `limit` more summaries; whether the text is complete.
    func serialize(atMost limit: Int) -> Bool {
        let stop = min(next + limit, snapshot.count)
        for index in next..<stop {
            if index > 0 { text.append(UInt8(ascii: ",")) }
            snapshot.summary(at: index).json.serialize(into: &text)
        }
        next = stop
        guard next == snapshot.count else { return false }
        text += end
        return true
    }
}
