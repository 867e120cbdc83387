import PickerCore
import PickerJSON

/// A kind's options, read with one clear sentence for each mistake. Options
/// the kind does not know are refused (a typo should not pass silently).
typealias OptionReader = ObjectReader<PluginRejection>

extension ObjectReader where Failure == PluginRejection {
    /// The options of `kind`, or of one of its parts (like "a form field"),
    /// which is at `path` among them, like `fields[2]`.
    init(_ options: JSONObject, at path: String = "", kind: String, known: [String]) throws(PluginRejection) {
        self.init(options, at: path) { problem in
            switch problem.kind {
            case .unknownKey(let known):
                PluginRejection(
                    "unknown option '\(problem.path)' for \(kind); known options are \(known.joined(separator: ", "))")
            case .missing:
                PluginRejection("option '\(problem.path)' is needed for \(kind)")
            case .mistyped(let expected, let found):
                PluginRejection("option '\(problem.path)' must be \(expected), not \(found)")
            case .outOfRange(let range, _, _):
                PluginRejection(
                    "option '\(problem.path)' must be an integer from \(range.lowerBound) to \(range.upperBound)")
            }
        }
        try refuseUnknownKeys(known: known)
    }

    /// A list option of objects, each read with its own reader (its key
    /// path like `fields[2]`); the list must hold 1 to `limit` of them.
    /// - Parameters:
    ///   - missing: the sentence when the list is absent or empty.
    ///   - holder: what holds the list, for the limit's sentence ("a form").
    ///   - item: one item as a part of the kind ("a form field"), and as
    ///     numbered in sentences ("field"), with an example of one.
    func objects(
        _ key: String, atMost limit: Int, missing: String, holder: String,
        item: (part: String, noun: String, example: String), known: [String]
    ) throws(PluginRejection) -> [(index: Int, reader: OptionReader)] {
        guard let list = try array(key), !list.isEmpty else { throw PluginRejection(missing) }
        try PluginLimits.check(list.count, atMost: limit, holder, key)
        var readers: [(index: Int, reader: OptionReader)] = []
        readers.reserveCapacity(list.count)
        for (index, entry) in list.enumerated() {
            guard let object = entry.objectValue else {
                throw PluginRejection("\(item.noun) \(index + 1) must be an object like \(item.example)")
            }
            readers.append(
                (index, try OptionReader(object, at: "\(path(of: key))[\(index)]", kind: item.part, known: known)))
        }
        return readers
    }

    func integer(_ key: some MemberName, in range: ClosedRange<Int>) throws(PluginRejection) -> Int? {
        try integer(key, in: Int64(range.lowerBound)...Int64(range.upperBound)).map(Int.init)
    }
}

extension Array where Element == String {
    /// "a, b and 3 more" for messages that list choices.
    func listed(limit: Int = 8) -> String {
        count <= limit ? joined(separator: ", ") : prefix(limit).joined(separator: ", ") + " and \(count - limit) more"
    }
}
