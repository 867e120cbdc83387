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

    /// The rows of component `index` once the components before it are chosen.
    func rows(at index: Int, after chosen: [String]) -> [String] {
        switch self {
        case .columns(let columns):
            return columns[index]
        case .tree(var node):
            for parent in chosen.prefix(index) {
                guard let child = node.child(named: parent) else { return [] }
                node = child
            }
            return node.choices
        }
    }
}

/// One level of a dependent tree: its choices, and each choice's subtree (none at the last level).
struct ChoiceTree: Sendable {
    var choices: [String]
    var children: [ChoiceTree]

    var depth: Int { 1 + (children.first?.depth ?? 0) }

    func child(named name: String) -> ChoiceTree? {
        choices.firstIndex(of: name).flatMap { children.isEmpty ? nil : children[$0] }
    }

    /// Reads `{"Zhejiang":["Hangzhou","Ningbo"],"Jiangsu":{"Nanjing":["Xuanwu"]}}`:
    /// object keys are choices, arrays are the last level; every branch as deep as the others.
    static func read(_ json: JSON, path: [String] = []) throws(PluginRejection) -> ChoiceTree {
        let place = path.isEmpty ? "option 'tree'" : "tree branch '\(path.joined(separator: " / "))'"
        switch json {
        case .array(let leaves):
            return ChoiceTree(choices: try readColumn(leaves, place: place), children: [])
        case .object(let object):
            guard !object.isEmpty else { throw PluginRejection("\(place) has no choices") }
            var children: [ChoiceTree] = []
            for member in object {
                guard !member.key.isEmpty else { throw PluginRejection("\(place) has an empty choice") }
                children.append(try read(member.value, path: path + [member.key]))
            }
            let depths = Set(children.map(\.depth))
            guard depths.count == 1 else {
                throw PluginRejection(
                    "every branch of \(place) must be equally deep, so each value has the same number of components")
            }
            return ChoiceTree(choices: object.keys, children: children)
        default:
            throw PluginRejection("\(place) must be an object or an array of strings, not \(json.typeDescription)")
        }
    }

    /// A non-empty column of distinct, non-empty strings.
    static func readColumn(_ rows: [JSON], place: String) throws(PluginRejection) -> [String] {
        guard !rows.isEmpty else { throw PluginRejection("\(place) has no choices") }
        var seen = Set<String>()
        var column: [String] = []
        for row in rows {
            guard let text = row.stringValue, !text.isEmpty else {
                throw PluginRejection("\(place) must hold non-empty strings, not \(row.typeDescription)")
            }
            guard seen.insert(text).inserted else {
                throw PluginRejection("\(place) lists '\(text.prefix(40))' twice; choices must be distinct")
            }
            column.append(text)
        }
        return column
    }
}
