import PickerJSON
import PickerProtocol

/// `list`: the choices one under another. With one to pick, the highlighted
/// row is the choice; with `multiple`, Space ticks and unticks the
/// highlighted row, and the rule for how many (`pick 1–3`) is shown.
struct ListChoices: PickerView {
    let choices: [String]
    let isMultiple: Bool
    let least: Int
    let most: Int
    var highlighted = 0
    var ticked: Set<Int> = []

    init(options: JSON, value: JSON?) {
        choices = options[ListOption.choices]?.arrayValue?.compactMap(\.stringValue) ?? []
        isMultiple = options[ListOption.multiple]?.boolValue ?? false
        least = Int(options[ListOption.min]?.integerValue ?? (isMultiple ? 0 : 1))
        most = Int(options[ListOption.max]?.integerValue ?? (isMultiple ? Int64(choices.count) : 1))
        let start = (value ?? options[ListOption.initial])?.arrayValue?.compactMap(\.stringValue) ?? []
        let places = start.compactMap { choices.firstIndex(of: $0) }
        if isMultiple { ticked = Set(places) }
        highlighted = places.first ?? 0
    }

    var isSecret: Bool { false }
    var isBlank: Bool? { isMultiple ? ticked.isEmpty : nil }
    var hints: String { isMultiple ? "↑↓ move  Space tick" : "↑↓ choose" }

    /// The chosen strings in list order.
    var value: JSON {
        guard isMultiple else { return choices.indices.contains(highlighted) ? [.string(choices[highlighted])] : [] }
        return .array(ticked.sorted().map { .string(choices[$0]) })
    }

    /// "pick 1–3", "pick at least 2", "pick up to 2", "pick any".
    var rule: String {
        switch (least, most) {
        case (0, choices.count): return "pick any"
        case (0, _): return "pick up to \(most)"
        case (_, choices.count): return "pick at least \(least)"
        case _ where least == most: return "pick \(least)"
        default: return "pick \(least)–\(most)"
        }
    }

    mutating func handle(_ key: Key) -> ViewAction {
        let before = value
        switch key {
        case .down, .tab: highlighted = min(highlighted + 1, choices.count - 1)
        case .up, .backTab: highlighted = max(highlighted - 1, 0)
        case .pageDown: highlighted = min(highlighted + 10, choices.count - 1)
        case .pageUp: highlighted = max(highlighted - 10, 0)
        case .home: highlighted = 0
        case .end: highlighted = choices.count - 1
        case .character(" ") where isMultiple:
            if ticked.remove(highlighted) == nil { ticked.insert(highlighted) }
        case .enter: return .submit
        default: return .none
        }
        return value == before ? .none : .changed
    }

    func render(width: Int, height: Int, focused: Bool) -> [Line] {
        let ruleLines = isMultiple ? 2 : 0
        let room = max(3, height - ruleLines)
        var lines: [Line] = []
        if choices.count <= room {
            lines = choices.indices.map { row($0, width: width, focused: focused) }
        } else {
            // A line above and below says how many rows are out of view; the
            // highlighted row stays in the middle where it can.
            let rows = max(1, room - 2)
            let start = max(0, min(highlighted - rows / 2, choices.count - rows))
            let below = choices.count - start - rows
            lines.append(start > 0 ? Line("    ↑ \(start) more", .dim) : Line())
            lines += (start..<(start + rows)).map { row($0, width: width, focused: focused) }
            lines.append(below > 0 ? Line("    ↓ \(below) more", .dim) : Line())
        }
        if isMultiple { lines += [Line(), Line("  \(ticked.count) ticked · \(rule)", .dim)] }
        return lines
    }

    private func row(_ index: Int, width: Int, focused: Bool) -> Line {
        let box = isMultiple ? (ticked.contains(index) ? "[x] " : "[ ] ") : ""
        let marker = index == highlighted ? "▸ " : "  "
        let style: Line.Style = index == highlighted ? (focused ? .reverse : .bold) : .plain
        return Line("  " + marker) + Line(box + DisplayWidth.shortened(choices[index], to: max(1, width - 8)), style)
    }
}
