import PickerJSON
import PickerProtocol

/// `--list`: rows of `--column`s (the words after the options, row by row,
/// or stdin's lines when there are none), asked as a list whose choices are
/// each row's shown cells. zenity prints the chosen rows' `--print-column`
/// (the first column, or the first after the check box of `--checklist` and
/// `--radiolist`; `ALL`; or `1,3`), every cell joined by `--separator`.
struct ZenityList: ZenityDialog {
    var columns: [String]
    var rows: [[String]]
    /// `--checklist` or `--radiolist`: column 1 is the box, `TRUE` ticked.
    var boxed: Bool
    var multiple: Bool
    var hidden: Set<Int>
    var printed: [Int]
    var separator: String
    var showsHeader: Bool

    /// Column indices from zenity's `1,3` (1-based), or nil when a word is not a number.
    static func columnNumbers(_ text: String) -> [Int] {
        text.split(separator: ",").compactMap { ZenityCommandLine.integer(String($0)) }.map { $0 - 1 }
    }

    init(_ commandLine: ZenityCommandLine, standardInput: () -> [String]) throws(ZenityUsageError) {
        let columns = commandLine.values("column")
        self.columns = columns
        guard !columns.isEmpty else { throw ZenityUsageError("No column titles specified for List dialog.") }
        let checklist = commandLine.has("checklist")
        let radiolist = commandLine.has("radiolist")
        boxed = checklist || radiolist
        multiple = checklist || commandLine.has("multiple") && !radiolist
        let cells = commandLine.positional.isEmpty ? standardInput() : commandLine.positional
        rows = stride(from: 0, to: cells.count, by: columns.count).map { start in
            let row = Array(cells[start..<min(start + columns.count, cells.count)])
            return row + Array(repeating: "", count: columns.count - row.count)
        }
        hidden = Set(commandLine.value("hide-column").map(Self.columnNumbers) ?? [])
        let first = boxed ? 1 : 0
        switch commandLine.value("print-column") {
        case nil: printed = [first]
        case "ALL"?: printed = Array(first..<columns.count)
        case let numbers?: printed = Self.columnNumbers(numbers).filter { columns.indices.contains($0) }
        }
        separator = ZenityText.compress(commandLine.value("separator") ?? "|")
        showsHeader = !commandLine.has("hide-header")
    }

    /// The columns a person sees: not the box, not `--hide-column`'s.
    var shownColumns: [Int] {
        columns.indices.filter { !(boxed && $0 == 0) && !hidden.contains($0) }
    }

    /// Each row's choice: its shown cells, made unique (pickerd's choices are) by the row's number.
    var choices: [String] {
        var seen = Set<String>()
        return rows.enumerated().map { number, row in
            var choice = shownColumns.map { row[$0] }.joined(separator: "  ")
            if choice.isEmpty || !seen.insert(choice).inserted {
                choice += " (row \(number + 1))"
                seen.insert(choice)
            }
            return choice
        }
    }

    var ticked: [String] {
        guard boxed else { return [] }
        let ticks = zip(rows, choices).filter { $0.0.first?.lowercased() == "true" }.map(\.1)
        return multiple ? ticks : Array(ticks.prefix(1))
    }

    var kind: BuiltInKind { .list }
    var defaultTitle: String { "Select items from the list" }
    var options: JSONObject {
        var options = JSONObject([ListOption.choices: .array(choices.map(JSON.string))])
        if multiple {
            options[ListOption.multiple] = true
            options[ListOption.min] = .integer(0)
        }
        if !ticked.isEmpty { options[ListOption.initial] = .array(ticked.map(JSON.string)) }
        if showsHeader {
            options[ListOption.header] = .string(shownColumns.map { columns[$0] }.joined(separator: "  "))
        }
        return options
    }
    var initialValue: JSON? { ticked.isEmpty ? nil : .array(ticked.map(JSON.string)) }

    func answer(_ value: JSON?, timedOut: Bool) -> ZenityAnswer {
        let chosen = Set(value?.arrayValue?.compactMap(\.stringValue) ?? [])
        let cells = zip(rows, choices).filter { chosen.contains($0.1) }.flatMap { row, _ in
            printed.map { row.indices.contains($0) ? row[$0] : "" }
        }
        // zenity prints nothing at all, not even a newline, when no row is chosen.
        let output = cells.isEmpty ? "" : cells.joined(separator: separator) + "\n"
        return ZenityAnswer(output, status: timedOut ? ZenityAnswer.timedOut : ZenityAnswer.ok)
    }
}
