import PickerProtocol

/// Spans of time as a person reads them.
public enum Timestamps {
    public static var nowSeconds: Int64 { Timestamp.now().milliseconds / 1000 }

    /// "12s" until `deadline`.
    public static func remaining(until deadline: Timestamp) -> String {
        span(from: .now(), to: deadline)
    }

    public static func span(from start: Timestamp, to end: Timestamp) -> String {
        span(seconds: (end.milliseconds - start.milliseconds + 500) / 1000)
    }

    public static func span(seconds: Int64) -> String {
        let value = max(0, seconds)
        switch value {
        case ..<60: return "\(value)s"
        case ..<3600: return "\(value / 60)m\(value % 60 == 0 ? "" : " \(value % 60)s")"
        case ..<86400: return "\(value / 3600)h\(value / 60 % 60 == 0 ? "" : " \(value / 60 % 60)m")"
        default: return "\(value / 86400)d \(value / 3600 % 24)h"
        }
    }
}
