import PickerJSON
import PickerProtocol

/// A number on a scale: a slider line and the value. Arrows move a step,
/// PgUp/PgDn a tenth of the scale, Home/End to its ends, and digits type a
/// value, which goes to the nearest step when it is left or submitted.
struct NumberSlider: PickerView {
    let scale: NumberScale
    let unit: String?
    var index: Int
    /// What the person is typing, until it is taken.
    var typed: String?

    init(options: JSON, value: JSON?) {
        scale = NumberScale(options: options) ?? NumberScale(min: 0, max: 0)!
        unit = options[NumberOption.unit]?.stringValue
        let start = value?.doubleValue ?? options[NumberOption.initial]?.doubleValue ?? scale.min
        index = scale.nearestIndex(to: start)
    }

    var isSecret: Bool { false }
    var hints: String { "←→ step · PgUp/PgDn a tenth · type a number" }
    var value: JSON { scale.json(scale.point(index)) }

    mutating func handle(_ key: Key) -> ViewAction {
        switch key {
        case .character(let character) where "0123456789.-".contains(character):
            typed = (typed ?? "") + String(character)
            return .none
        case .backspace:
            guard let text = typed, !text.isEmpty else { return .none }
            typed = String(text.dropLast())
            return .none
        case .escape where typed != nil:
            typed = nil
            return .none
        case .enter:
            _ = take()
            return .submit
        case .right, .up: return move(to: index + 1)
        case .left, .down: return move(to: index - 1)
        case .pageUp: return move(to: index + tenth)
        case .pageDown: return move(to: index - tenth)
        case .home: return move(to: 0)
        case .end: return move(to: scale.lastIndex)
        default: return .none
        }
    }

    mutating func leave() -> ViewAction {
        take() ? .changed : .none
    }

    /// A tenth of the scale, in steps; at least one.
    private var tenth: Int { max(scale.lastIndex / 10, 1) }

    private mutating func move(to wanted: Int) -> ViewAction {
        typed = nil
        let next = min(max(wanted, 0), scale.lastIndex)
        guard next != index else { return .none }
        index = next
        return .changed
    }

    /// Takes the typed number, at its nearest step; whether the value changed.
    private mutating func take() -> Bool {
        defer { typed = nil }
        guard let text = typed, let number = Double(text) else { return false }
        let before = index
        index = scale.nearestIndex(to: number)
        return index != before
    }

    func render(width: Int, height: Int, focused: Bool) -> [Line] {
        let low = scale.text(scale.min)
        let high = scale.text(scale.max)
        let track = max(width - low.count - high.count - 8, 3)
        let fraction = scale.lastIndex == 0 ? 0 : Double(index) / Double(scale.lastIndex)
        let knob = Int((fraction * Double(track - 1)).rounded())
        let bar =
            String(repeating: "─", count: knob) + "●" + String(repeating: "─", count: max(track - knob - 1, 0))
        let shown = typed.map { $0 + "▏" } ?? scale.text(scale.point(index))
        let suffix = unit.map { " " + $0 } ?? ""
        return [
            Line("  " + low + " ├", .dim) + Line(bar, focused ? .bold : .plain) + Line("┤ " + high, .dim),
            Line("  ") + Line(shown + suffix, focused ? .reverse : .bold)
                + Line(typed == nil ? "" : "  (Enter takes the nearest step)", .dim),
        ]
    }
}
