import PickerCore
import PickerJSON
import PickerProtocol

/// `list`: answered at once when short; a long one is taken at once and
/// serialized a slice per loop iteration.
extension DaemonCore {
    /// Past `SlicedWork.Budgets.listWindows` windows the stack is taken now
    /// (`StackSnapshot`) and its summaries serialized a slice at a time
    /// straight into the answer's text, which is written once complete: the
    /// same line as `List.encode`'s, byte for byte. Meanwhile the connection's
    /// later lines, answers and events wait behind it (`slicedAnswerBegins`),
    /// so they keep their order; other connections are served between slices.
    func list(_ request: List, level: Level?, _ call: MethodCall) -> Served<WindowList> {
        let snapshot = model.snapshot(includeHidden: request.includeHidden, level: level)
        let budget = slicedWork.budgets.listWindows
        guard snapshot.count > budget, let reply = call.reply else { return .result(snapshot.list) }
        let connection = call.connection
        let slot = connection.slicedAnswerBegins()
        var (text, end) = Self.listFrame(key: snapshot.key)
        var next = 0
        slicedWork.start(budget: budget) { budget in
            guard !connection.isClosing else {
                connection.slicedAnswerWritten(slot: slot) {}
                return true
            }
            let stop = min(next + budget, snapshot.count)
            for index in next..<stop {
                if index > 0 { text.append(UInt8(ascii: ",")) }
                snapshot.summary(at: index).json.serialize(into: &text)
            }
            next = stop
            guard next == snapshot.count else { return false }
            text += end
            connection.slicedAnswerWritten(slot: slot) { reply.deliver(serializedResult: text) }
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
        guard let open = empty.indices.dropLast().last(where: { empty[$0] == brackets[0] && empty[$0 + 1] == brackets[1] }) else {
            preconditionFailure("a list's encoding has no windows array")
        }
        return (Array(empty[...open]), Array(empty[(open + 1)...]))
    }
}
