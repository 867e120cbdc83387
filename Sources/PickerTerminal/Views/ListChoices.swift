import PickerJSON
import PickerProtocol

/// `list`: the choices one under another. With one to pick, the highlighted
/// row is the choice; with `multiple`, Space ticks and unticks the
/// highlighted row, and the rule for how many (`pick 1–3`) is shown.
///
/// As gum does, Enter with nothing ticked answers the highlighted row where
/// the rule allows one; a tick past the most allowed is refused as it is
/// made, with the reason shown, not when the answer is sent. A `header`
/// goes above the rows, and `height` caps how many rows show at once.
struct ListChoices: PickerView {
    let choices: [String]
    let isMultiple: Bool
    let least: Int
    let most: Int
    let header: String?
    /// The most rows shown at once (the `height` option); nil: as many as fit.
    let rowsAtOnce: Int?
    var highlighted = 0
    var ticked: Set<Int> = []
    /// Why the last key did nothing (a tick past the most), until the next key.
    var refusal: String?
    /// Whether Enter is the list's own (false in a form, where Enter sends the
    /// form and a checklist with nothing ticked is left out).
    var answersOnEnter = true

    init(options: JSON, value: JSON?) {
        choices = options[ListOption.choices]?.arrayValue?.compactMap(\.stringValue) ?? []
        isMultiple = options[ListOption.multiple]?.boolValue ?? false
        least = Int(options[ListOption.min]?.integerValue ?? (isMultiple ? 0 : 1))
        most = Int(options[ListOption.max]?.integerValue ?? (isMultiple ? Int64(choices.count) : 1))
        header = options[ListOption.header]?.stringValue
        rowsAtOnce = options[ListOption.height]?.integerValue.map { Int(clamping: $0) }
        let places = Self.places(of: value ?? options[ListOption.initial], in: options, choices: choices)
        if isMultiple { ticked = Set(places) }
        highlighted = places.first ?? 0
    }

    /// Where a value's items are: each a choice, or with `values` a choice's
    /// value (a bare one without `multiple`; pickerd answers with values then).
    static func places(of value: JSON?, in options: JSON, choices: [String]) -> [Int] {
        let values = options[ListOption.values]?.arrayValue
        let items = value.map { $0.arrayValue ?? [$0] } ?? []
        return items.compactMap { item in
            values.flatMap { ChoiceValue.position(of: item, in: $0) }
                ?? item.stringValue.flatMap { choices.firstIndex(of: $0) }
        }
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

    /// Whether Enter answers the highlighted row: nothing is ticked, and one is allowed.
    private var entersHighlighted: Bool {
        answersOnEnter && isMultiple && ticked.isEmpty && least <= 1 && most >= 1
            && choices.indices.contains(highlighted)
    }

    mutating func handle(_ key: Key) -> ViewAction {
        let before = value
        refusal = nil
        switch key {
        case .down, .tab: highlighted = min(highlighted + 1, choices.count - 1)
        case .up, .backTab: highlighted = max(highlighted - 1, 0)
        case .pageDown: highlighted = min(highlighted + 10, choices.count - 1)
        case .pageUp: highlighted = max(highlighted - 10, 0)
        case .home: highlighted = 0
        case .end: highlighted = choices.count - 1
        case .character(" ") where isMultiple:
            guard ticked.remove(highlighted) == nil else { break }
            guard ticked.count < most else {
                refusal = "at most \(most) may be ticked: untick one first"
                return .none
            }
            ticked.insert(highlighted)
        case .enter:
            if entersHighlighted { ticked.insert(highlighted) }
            return .submit
        default: return .none
        }
        return value == before ? .none : .changed
    }

    func render(width: Int, height: Int, focused: Bool) -> [Line] {
        let top = header.map { Line.wrapped($0, width: width, .bold, indent: "  ") } ?? []
        var footer = ruleLines(width: width)
        // In a short terminal the rule goes right under the rows, so the
        // reason for a refused tick still shows.
        if !footer.isEmpty, height >= top.count + footer.count + 1 + min(choices.count, 5) {
            footer.insert(Line(), at: 0)
        }
        let room = max(3, height - top.count - footer.count)
        var lines = top
        if choices.count <= min(room, rowsAtOnce ?? room) {
            lines += choices.indices.map { row($0, width: width, focused: focused) }
        } else {
            // A line above and below says how many rows are out of view; the
            // highlighted row stays in the middle where it can.
            let rows = min(max(1, room - 2), rowsAtOnce ?? room)
            let start = max(0, min(highlighted - rows / 2, choices.count - rows))
            let below = choices.count - start - rows
            lines.append(start > 0 ? Line("    ↑ \(start) more", .dim) : Line())
            lines += (start..<(start + rows)).map { row($0, width: width, focused: focused) }
            lines.append(below > 0 ? Line("    ↓ \(below) more", .dim) : Line())
        }
        return lines + footer
    }

    /// Under a checklist: how many are ticked and may be, what Enter does with
    /// none ticked, and why a tick was refused.
    private func ruleLines(width: Int) -> [Line] {
        guard isMultiple else { return [] }
        let enter = entersHighlighted ? " · Enter takes the highlighted row" : ""
        var lines = Line.wrapped("\(ticked.count) ticked · \(rule)\(enter)", width: width, .dim, indent: "  ")
        if let refusal { lines += Line.wrapped("✗ " + refusal, width: width, .warning, indent: "  ") }
        return lines
    }

    private func row(_ index: Int, width: Int, focused: Bool) -> Line {
        let box = isMultiple ? (ticked.contains(index) ? "[x] " : "[ ] ") : ""
        let marker = index == highlighted ? "▸ " : "  "
        let style: Line.Style = index == highlighted ? (focused ? .reverse : .bold) : .plain
        return Line("  " + marker) + Line(box + DisplayWidth.shortened(choices[index], to: max(1, width - 8)), style)
    }
}
