/// One screen line made of styled runs.
struct Line: Equatable {
    enum Style: Equatable {
        case plain, bold, dim, reverse, warning
    }

    struct Run: Equatable {
        var text: String
        var style: Style
    }

    var runs: [Run] = []

    init(_ text: String = "", _ style: Style = .plain) {
        if !text.isEmpty { runs = [Run(text: text, style: style)] }
    }

    static func + (lhs: Line, rhs: Line) -> Line {
        var joined = lhs
        joined.runs += rhs.runs
        return joined
    }

    var text: String { runs.map(\.text).joined() }

    /// `text` wrapped to `width` (`TextWrap`), a line each, every one styled
    /// `style` and after `indent`.
    static func wrapped(_ text: String, width: Int, _ style: Style = .plain, indent: String = "") -> [Line] {
        TextWrap.lines(text, width: width - DisplayWidth.of(indent)).map { Line(indent + $0, style) }
    }

    /// The same text, all of it dim and without the ▸ that marks a choice:
    /// what a form field not set yet shows is only where it would start.
    var faded: Line {
        var line = self
        for index in line.runs.indices {
            line.runs[index].style = .dim
            line.runs[index].text = String(line.runs[index].text.map { $0 == "▸" ? " " : $0 })
        }
        return line
    }
}
