import PickerCore
import PickerJSON

/// The rows of a custom picker's components: independent columns, or a tree in
/// which each choice has the next component's rows under it.
enum ChoiceSource: Sendable {
    case columns([[String]])
    case tree(ChoiceTree)

    var componentCount: Int {
        switch self {
        case .columns(let columns): return columns.count
        case .tree(let tree): return tree.depth
        }
    }
}

/// Steps through a picker's components in order: the rows of each, once a row
/// of every component before it is chosen. One step per component, so reading
/// a value never walks the tree from its root again.
struct ChoiceCursor {
    let source: ChoiceSource
    /// The component whose rows `rows` are.
    private(set) var component = 0
    /// For a tree: the branch whose choices are the current component's rows.
    private var branch: ChoiceTree?

    init(_ source: ChoiceSource) {
        self.source = source
        if case .tree(let tree) = source { branch = tree }
    }

    var rows: [String] {
        switch source {
        case .columns(let columns): return columns[component]
        case .tree: return branch?.choices ?? []
        }
    }

    /// Chooses row `index` of the current component and moves to the next one.
    mutating func choose(_ index: Int) {
        if let current = branch {
            branch = current.children.isEmpty ? nil : current.children[index]
        }
        component += 1
    }
}

/// One level of a dependent tree: its choices, and each choice's subtree (none at the last level).
struct ChoiceTree: Sendable {
    var choices: [String]
    var children: [ChoiceTree]
    /// Levels from this one down: the number of components it makes.
    var depth: Int

    /// Reads `{"Zhejiang":["Hangzhou","Ningbo"],"Jiangsu":{"Nanjing":["Xuanwu"]}}`:
    /// object keys are choices, arrays are the last level; every branch as deep as
    /// the others. The tree must keep within `PluginLimits` (levels, choices per
    /// branch, choices in all), checked as it is read so an oversized one is
    /// refused before it is all read.
    static func read(_ json: JSON) throws(PluginRejection) -> ChoiceTree {
        var unspent = PluginLimits.treeChoices
        return try read(json, path: [], unspent: &unspent)
    }

    private static func read(_ json: JSON, path: [String], unspent: inout Int) throws(PluginRejection) -> ChoiceTree {
        let place =
            path.isEmpty ? "option 'tree'" : "tree branch '\(path.map { $0.prefix(40) }.joined(separator: " / "))'"
        let column: [String]
        var children: [ChoiceTree] = []
        switch json {
        case .array(let leaves):
            column = try readColumn(leaves, place: place)
        case .object(let object):
            guard !object.isEmpty else { throw PluginRejection("\(place) has no choices") }
            // This level and at least one below it.
            guard path.count + 2 <= PluginLimits.components else {
                throw PluginRejection(
                    "a custom picker has at most \(PluginLimits.components) columns, so a tree at most \(PluginLimits.components) levels; \(place) goes deeper"
                )
            }
            try PluginLimits.check(
                object.count, atMost: PluginLimits.choicesPerColumn, "a column", "choices", this: place)
            try spend(object.count, from: &unspent)
            children.reserveCapacity(object.count)
            for member in object {
                guard !member.key.isEmpty else { throw PluginRejection("\(place) has an empty choice") }
                try PluginLimits.checkLength(member.key, of: "a choice in \(place)")
                let child = try read(member.value, path: path + [member.key], unspent: &unspent)
                guard child.depth == children.first?.depth ?? child.depth else {
                    throw PluginRejection(
                        "every branch of \(place) must be equally deep, so each value has the same number of components"
                    )
                }
                children.append(child)
            }
            column = object.keys
        default:
            throw PluginRejection("\(place) must be an object or an array of strings, not \(json.typeDescription)")
        }
        if children.isEmpty { try spend(column.count, from: &unspent) }
        return ChoiceTree(choices: column, children: children, depth: 1 + (children.first?.depth ?? 0))
    }

    private static func spend(_ choices: Int, from unspent: inout Int) throws(PluginRejection) {
        unspent -= choices
        guard unspent >= 0 else {
            throw PluginRejection(
                "a tree holds at most \(PluginLimits.treeChoices.grouped) choices, every level counted; this one has more"
            )
        }
    }

    /// A non-empty column of distinct, non-empty strings, at most `PluginLimits.choicesPerColumn`.
    static func readColumn(_ rows: [JSON], place: String) throws(PluginRejection) -> [String] {
        guard !rows.isEmpty else { throw PluginRejection("\(place) has no choices") }
        try PluginLimits.check(rows.count, atMost: PluginLimits.choicesPerColumn, "a column", "choices", this: place)
        var seen = Set<String>()
        var column: [String] = []
        column.reserveCapacity(rows.count)
        for (index, row) in rows.enumerated() {
            guard let text = row.stringValue else {
                throw PluginRejection("choice \(index + 1) of \(place) must be a string, not \(row.typeDescription)")
            }
            guard !text.isEmpty else { throw PluginRejection("choice \(index + 1) of \(place) is empty") }
            try PluginLimits.checkLength(text, of: "a choice in \(place)")
            guard seen.insert(text).inserted else {
                throw PluginRejection("\(place) lists '\(text.prefix(40))' twice; choices must be distinct")
            }
            column.append(text)
        }
        return column
    }
}
