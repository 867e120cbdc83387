import PickerJSON
import PickerProtocol

/// A progress: a bar with its percentage and text, or a pulse moving to and
/// fro while no percentage is known. The asker moves it; the person only
/// watches, and cancels with Escape unless it is not cancellable. The
/// pulse is placed by the clock (a cell per 100 ms) and the front-end's
/// tick draws it again (`isAnimated`), so nothing spins.
struct ProgressBar: PickerView {
    private(set) var state: ProgressState
    let isCancellable: Bool
    init(options: JSON, value: JSON?) {
        isCancellable = options[ProgressOption.cancellable]?.boolValue ?? true
        state = ProgressState(drawing: value)
    }

    /// How many cells the pulse is wide, and how long it takes one cell (ms).
    static let pulseWidth = 6
    static let pulseStep: Int64 = 100

    var isSecret: Bool { false }
    var hints: String { "" }
    var keyHints: String { isCancellable ? "Esc cancel" : "it cannot be cancelled here" }
    var escapeCancels: Bool { isCancellable }
    var isAnimated: Bool { state.percent == nil }
    var followsItsAsker: Bool { true }
    var value: JSON { state.json }

    mutating func follow(_ value: JSON) { state = ProgressState(drawing: value) }

    // Enter submits nothing: the asker ends it. Escape is the caller's (a cancel).
    mutating func handle(_ key: Key) -> ViewAction { .none }

    func render(width: Int, height: Int, focused: Bool) -> [Line] {
        let label = state.shownPercent ?? "…"
        let track = max(width - 4 - 2 - 5, 4)
        let bar: String
        if let percent = state.percent {
            let filled = Int((percent / 100 * Double(track)).rounded(.down))
            bar = String(repeating: "█", count: filled) + String(repeating: "░", count: track - filled)
        } else {
            let pulse = min(Self.pulseWidth, track)
            let span = max(track - pulse, 1)
            let step = Int((Timestamp.now().milliseconds / Self.pulseStep) % Int64(2 * span))
            let start = step < span ? step : 2 * span - step
            bar =
                String(repeating: "░", count: start) + String(repeating: "█", count: pulse)
                + String(repeating: "░", count: max(track - start - pulse, 0))
        }
        var lines = [Line("  ") + Line(bar, focused ? .bold : .plain) + Line(" " + label, .bold)]
        if let text = state.text, !text.isEmpty {
            lines += Line.wrapped(VisibleText.of(text), width: width, .plain, indent: "  ")
        }
        return lines
    }
}
