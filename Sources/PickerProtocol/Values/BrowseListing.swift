import PickerJSON

/// What `browse` answers: one directory's entries, at most `mostEntries`,
/// with `truncated` when there were more.
public struct BrowseListing: Sendable, Equatable {
    /// The most entries one listing carries (PROTOCOL.md, `file`).
    public static let mostEntries = 10_000

    public enum EntryType: String, Sendable, CaseIterable {
        case dir, file, link
    }

    public struct Entry: Sendable, Equatable {
        public var name: String
        public var type: EntryType
        public var size: Int64?

        public init(name: String, type: EntryType, size: Int64? = nil) {
            self.name = name
            self.type = type
            self.size = size
        }

        public var json: JSON {
            var object = JSONObject([WireName.name: .string(name), WireName.type: .string(type.rawValue)])
            if let size { object[WireName.size] = .integer(size) }
            return .object(object)
        }
    }

    public var path: String
    public var entries: [Entry]
    public var truncated: Bool

    public init(path: String, entries: [Entry], truncated: Bool) {
        self.path = path
        self.entries = entries
        self.truncated = truncated
    }

    /// Reads a listing and refuses one that is not well made: the owner that
    /// wrote it is another program, so its path must be absolute and
    /// normalized, its entries at most `mostEntries`, each name one valid
    /// entry name (`FilePathText.isValidName`), each size not negative.
    public init?(json: JSON) {
        guard let path = json[WireName.path]?.stringValue, FilePathText.isNormalizedAbsolute(path),
            let items = json[WireName.entries]?.arrayValue, items.count <= Self.mostEntries,
            let truncated = json[WireName.truncated]?.boolValue
        else { return nil }
        var entries: [Entry] = []
        entries.reserveCapacity(items.count)
        for item in items {
            guard let name = item[WireName.name]?.stringValue, FilePathText.isValidName(name),
                let type = item[WireName.type]?.stringValue.flatMap(EntryType.init(rawValue:))
            else { return nil }
            var size: Int64?
            if let given = item[WireName.size] {
                guard let bytes = given.integerValue, bytes >= 0 else { return nil }
                size = bytes
            }
            entries.append(Entry(name: name, type: type, size: size))
        }
        self.init(path: path, entries: entries, truncated: truncated)
    }

    public var json: JSON {
        .object(
            JSONObject([
                WireName.path: .string(path), WireName.entries: .array(entries.map(\.json)),
                WireName.truncated: .bool(truncated),
            ]))
    }
}
