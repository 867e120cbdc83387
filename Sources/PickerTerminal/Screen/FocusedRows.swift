/// A view's lines cut to the room there is, around what has focus (its
/// reverse-video cell): the full screen and the inline picker scroll alike.
enum FocusedRows {
    static func fitting(_ body: [Line], room: Int) -> [Line] {
        guard body.count > room else { return body }
        let focus = body.firstIndex { $0.runs.contains { $0.style == .reverse } } ?? 0
        let start = max(0, min(focus - room / 2, body.count - room))
        return Array(body[start..<(start + room)])
    }
}
