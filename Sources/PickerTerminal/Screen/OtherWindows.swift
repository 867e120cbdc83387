import PickerClient
import PickerProtocol

/// The open windows besides the key one: listed under the picker (level,
/// title, age), and the order Ctrl-N / Ctrl-P go round.
///
/// Only visible windows at the key's level can become key by `raise` (a
/// higher level stays in front), so those are the ones gone round, oldest
/// first: whatever the stack's order, the first asker is reached.
struct OtherWindows {
    let all: [WindowSummary]
    let key: WindowSummary?
    /// The level a window goes round at and its place in the round
    /// (`MultiHostStack.roundPlace`); by default its own level and age.
    var place: (WindowSummary) -> (level: Level, order: Int64) = { ($0.level, $0.createdAt.milliseconds) }

    var others: [WindowSummary] { all.filter { $0.window != key?.window } }

    /// The windows Ctrl-N and Ctrl-P go round, the key among them, oldest first.
    var round: [WindowSummary] {
        guard let key else { return [] }
        let level = place(key).level
        return all.filter { $0.state == .visible && place($0).level == level }
            .sorted { (place($0).order, $0.window.rawValue) < (place($1).order, $1.window.rawValue) }
    }

    /// The window to raise for Ctrl-N (`forward`) or Ctrl-P; nil when there is none.
    func next(forward: Bool) -> WindowID? {
        let round = round
        guard round.count > 1, let place = round.firstIndex(where: { $0.window == key?.window }) else { return nil }
        return round[(place + (forward ? 1 : round.count - 1)) % round.count].window
    }

    /// "2 other windows open (1 alert, 1 normal)".
    var summary: String {
        let others = others
        guard !others.isEmpty else { return "no other windows open" }
        var byLevel: [(String, Int)] = []
        for window in others {
            let name = Self.levelName(of: window)
            if let index = byLevel.firstIndex(where: { $0.0 == name }) {
                byLevel[index].1 += 1
            } else {
                byLevel.append((name, 1))
            }
        }
        let levels = byLevel.map { "\($0.1) \($0.0)" }.joined(separator: ", ")
        return "\(others.count) other window\(others.count == 1 ? "" : "s") open (\(levels))"
    }

    /// One line per other window, in going-round order after the key, then
    /// those that cannot be switched to; at most `limit` lines, the last one
    /// saying how many more there are.
    func lines(width: Int, limit: Int, now: Timestamp) -> [Line] {
        guard limit > 0 else { return [] }
        let round = round
        let inRound =
            round.firstIndex { $0.window == key?.window }.map { place in Array(round[(place + 1)...] + round[..<place])
            } ?? round
        let rest = others.filter { window in !round.contains { $0.window == window.window } }
        let ordered = inRound + rest
        let shown = ordered.count > limit ? limit - 1 : ordered.count
        let levelWidth = ordered.prefix(shown).map { DisplayWidth.of(Self.levelName(of: $0)) }.max() ?? 0
        var lines = ordered.prefix(shown).map { window in
            let age = Timestamps.span(from: window.createdAt, to: now)
            let note = (window.state == .visible ? "" : " (\(window.state.rawValue))") + Self.anotherUser(window)
            let title = window.title.split(whereSeparator: \.isNewline).first.map(String.init) ?? ""
            let room = max(1, width - 4 - levelWidth - 2 - DisplayWidth.of(age) - DisplayWidth.of(note) - 2)
            return Line("  ") + Line(DisplayWidth.pad(Self.levelName(of: window), to: levelWidth) + "  ", .dim)
                + Line(DisplayWidth.pad(DisplayWidth.shortened(title, to: room), to: room))
                + Line("  " + age + note, .dim)
        }
        if shown < ordered.count { lines.append(Line("  … and \(ordered.count - shown) more", .dim)) }
        return lines
    }

    /// ` · another user: nobody` for a window another user asks, so the list
    /// marks it too, not only the key window's header.
    private static func anotherUser(_ window: WindowSummary) -> String {
        WhoAsks(window.owner)?.anotherUserMark.map { " · " + $0 } ?? ""
    }

    private static func levelName(of window: WindowSummary) -> String {
        window.levelName ?? window.level.description
    }
}
