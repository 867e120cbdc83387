import PickerJSON

/// The stack as `list` shows it, top first.
public struct WindowList: Sendable, Equatable {
    public var key: WindowID?
    public var windows: [WindowSummary]

    public init(key: WindowID?, windows: [WindowSummary]) {
        self.key = key
        self.windows = windows
    }

    public var json: JSON {
        .object(
            JSONObject([
                WireName.key: key.map { .string($0.rawValue) } ?? .null, WireName.windows: .array(windows.map(\.json)),
            ]))
    }

    public init?(json: JSON) {
        guard let items = json[WireName.windows]?.arrayValue else { return nil }
        var windows: [WindowSummary] = []
        windows.reserveCapacity(items.count)
        for item in items {
            guard let summary = WindowSummary(json: item) else { return nil }
            windows.append(summary)
        }
        self.init(key: json[WireName.key]?.stringValue.map(WindowID.init), windows: windows)
    }
}
