import PickerJSON

/// A `progress` window's live value (PROTOCOL.md, `progress`): how far,
/// 0–100 (nil while pulsating, when no percentage is known), and a line of
/// text. The plugin checks values with it, front-ends draw from it, and
/// `pickerctl progress` reads its input lines into it.
public struct ProgressState: Sendable, Equatable {
    public var percent: Double?
    public var text: String?

    /// A line of text is a status line, not a document.
    public static let longestText = 1024

    public init(percent: Double? = 0, text: String? = nil) {
        self.percent = percent
        self.text = text
    }

    /// The state a value says, for a front-end: whatever is not right in it
    /// is left out (a percent outside 0–100 is clamped).
    public init(drawing value: JSON?) {
        let percent = value?[ProgressValue.percent]
        self.init(
            percent: percent == .null ? nil : percent?.doubleValue.map(Self.clamped) ?? 0,
            text: value?[ProgressValue.text]?.stringValue)
    }

    /// The value as the wire carries it: `{percent, text?}`, a whole
    /// percent as an integer.
    public var json: JSON {
        var object = JSONObject([ProgressValue.percent: percent.map(Self.json) ?? .null])
        if let text { object[ProgressValue.text] = .string(text) }
        return .object(object)
    }

    /// Whether the bar is full (what `auto_close` ends a window at).
    public var isComplete: Bool { (percent ?? 0) >= 100 }

    /// The percentage as a person reads it: `42%`, `42.5%`; nil while pulsating.
    public var shownPercent: String? {
        percent.map { "\(Self.json($0).serialized())%" }
    }

    /// Why `text` may not be a progress's text: too long, or holding a
    /// control character (a terminal escape, a newline); nil when it may.
    public static func problem(with text: String) -> String? {
        if text.count > longestText { return "a progress's text must be at most \(longestText) characters" }
        if text.unicodeScalars.contains(where: isControl) {
            return "a progress's text must be one line without control characters"
        }
        return nil
    }

    /// `text` made fit to show: control characters replaced, cut to `longestText`.
    public static func fitted(_ text: String) -> String {
        var scalars = String.UnicodeScalarView()
        scalars.append(contentsOf: text.unicodeScalars.map { isControl($0) ? "\u{FFFD}" : $0 })
        return String(String(scalars).prefix(longestText))
    }

    static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }

    static func clamped(_ percent: Double) -> Double {
        percent.isFinite ? Swift.min(Swift.max(percent, 0), 100) : 0
    }

    /// A whole number as an integer, anything else to two decimals.
    static func json(_ percent: Double) -> JSON {
        let rounded = (percent * 100).rounded() / 100
        return rounded == rounded.rounded() ? .integer(Int64(rounded)) : .double(rounded)
    }
}

/// One line of `zenity --progress`'s input, as `pickerctl progress` reads it.
public enum ProgressLine: Sendable, Equatable {
    /// A number: the percentage (clamped to 0–100, as zenity does).
    case percent(Double)
    /// `#text`: the text line (made fit to show).
    case text(String)
    /// An empty line: nothing to do.
    case blank
    /// Anything else: ignored with a warning.
    case malformed

    public init(_ line: Substring) {
        if line.first == "#" {
            let text = line.dropFirst().drop { $0 == " " }
            self = .text(ProgressState.fitted(String(text)))
            return
        }
        let trimmed = line.trimmingSpaces
        if trimmed.isEmpty {
            self = .blank
            return
        }
        // Decimal digits only: Double(_:) would also read "inf", "nan" and hex.
        guard trimmed.allSatisfy({ "0123456789+-.eE".contains($0) }), let number = Double(trimmed),
            number.isFinite
        else {
            self = .malformed
            return
        }
        self = .percent(ProgressState.clamped(number))
    }
}

extension Substring {
    fileprivate var trimmingSpaces: Substring {
        guard let first = firstIndex(where: { !$0.isWhitespace }), let last = lastIndex(where: { !$0.isWhitespace })
        else { return "" }
        return self[first...last]
    }
}
