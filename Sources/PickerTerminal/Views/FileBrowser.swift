import PickerJSON
import PickerProtocol

/// A `file` window browsed (PROTOCOL.md, `file`): the directory's path on
/// top, its entries below as the asker listed them (`browse`). Enter opens a
/// directory or picks a file, Backspace goes up (or un-types the filter),
/// typing filters, Space ticks with `multiple`, Tab types a path instead.
/// When the asker does not list (or does not in time), the person types a
/// path (`FilePathEntry`). Names are shown with `VisibleText`: a newline or
/// an escape in a file's name is written out, never acted on.
struct FileBrowser: PickerView {
    let selection: FileSelection
    var directory: String
    var entries: [BrowseListing.Entry] = []
    var truncated = false
    var filter = ""
    var highlight = 0
    var ticked: [String] = []
    /// The directory to list next; the front-end sends `browse` for it.
    var wantsListing: String?
    /// Typing a path instead: the asker cannot list, or the person chose to.
    var typing: FilePathEntry?
    /// Why the person types (the daemon's sentence), shown above.
    var notice: String?

    init(options: JSON, value: JSON?) {
        selection = FileSelection(options: options)
        directory = selection.startDirectory
        wantsListing = directory
    }

    var isSecret: Bool { false }

    var hints: String {
        if let typing { return typing.hints + "  (Tab browse)" }
        return
            "type to filter  Enter open/pick  Backspace up\(selection.isMultiple ? "  Space tick" : "")  Tab type a path"
    }

    /// The entries the filter leaves, the choose-this-directory row first
    /// in `directory` mode (shown as `.`).
    var shown: [BrowseListing.Entry] {
        let matching = entries.filter { filter.isEmpty || $0.name.lowercased().contains(filter.lowercased()) }
        return selection.isDirectory ? [BrowseListing.Entry(name: ".", type: .dir)] + matching : matching
    }

    var highlighted: BrowseListing.Entry? {
        let rows = shown
        return rows.indices.contains(highlight) ? rows[highlight] : nil
    }

    func path(of entry: BrowseListing.Entry) -> String {
        entry.name == "." ? directory : FilePathText.joined(directory, entry.name)
    }

    var value: JSON {
        if let typing { return typing.value }
        if selection.isMultiple { return .array(ticked.map(JSON.string)) }
        if selection.isSave, !filter.isEmpty, highlighted == nil {
            return .string(FilePathText.joined(directory, filter))
        }
        return .string(highlighted.map(path(of:)) ?? directory)
    }

    var isBlank: Bool? { typing?.isBlank ?? (selection.isMultiple ? ticked.isEmpty : nil) }

    /// The asker's listing of `wantsListing`, or why there is none: then the
    /// person types a path.
    mutating func received(_ listing: Result<BrowseListing, BrowseFailure>) {
        wantsListing = nil
        switch listing {
        case .success(let listing):
            directory = listing.path
            entries = listing.entries
            truncated = listing.truncated
            (filter, highlight, notice) = ("", 0, nil)
        case .failure(let failure):
            notice = failure.sentence
            if failure.letsTheAskerList {
                return  // the asker refused this directory (a link out of the root): stay where we are
            }
            typing = FilePathEntry(selection: selection, value: nil)
        }
    }

    mutating func handle(_ key: Key) -> ViewAction {
        if typing != nil {
            if key == .tab {
                typing = nil
                wantsListing = directory
                return .browse
            }
            return typing!.handle(key)
        }
        guard wantsListing == nil else { return .none }
        switch key {
        case .tab:
            typing = FilePathEntry(selection: selection, value: .string(directory == "/" ? "/" : directory + "/"))
            return .none
        case .up:
            highlight = max(highlight - 1, 0)
        case .down:
            highlight = min(highlight + 1, max(shown.count - 1, 0))
        case .character(" ") where selection.isMultiple:
            guard let entry = highlighted, entry.type != .dir || selection.isDirectory else { return .none }
            let chosen = path(of: entry)
            if let index = ticked.firstIndex(of: chosen) { ticked.remove(at: index) } else { ticked.append(chosen) }
            return .changed
        case .character(let character):
            filter.append(character)
            highlight = 0
        case .backspace where !filter.isEmpty:
            filter.removeLast()
            highlight = 0
        case .backspace:
            guard directory != selection.root else { return .none }
            wantsListing = FilePathText.parent(of: directory)
            return .browse
        case .enter:
            guard let entry = highlighted else { return selection.isSave && !filter.isEmpty ? .submit : .none }
            if entry.name != ".", entry.type != .file {
                wantsListing = path(of: entry)
                return .browse
            }
            if selection.isMultiple, ticked.isEmpty { ticked = [path(of: entry)] }
            return .submit
        default:
            break
        }
        return .none
    }

    func render(width: Int, height: Int, focused: Bool) -> [Line] {
        if let typing {
            let why = notice.map { [Line(VisibleText.of($0), .warning)] } ?? []
            return why + typing.render(width: width, height: height, focused: focused)
        }
        var lines = [Line(VisibleText.of(directory), .bold)]
        if let notice { lines.append(Line(VisibleText.of(notice), .warning)) }
        if wantsListing != nil {
            lines.append(Line("listing…", .dim))
            return lines
        }
        if !filter.isEmpty { lines.append(Line("filter: " + VisibleText.of(filter), .dim)) }
        let rows = shown
        if rows.isEmpty {
            lines.append(
                Line(selection.isSave && !filter.isEmpty ? "Enter saves as this name" : "(nothing here)", .dim))
        }
        for (index, entry) in rows.enumerated() {
            let mark = selection.isMultiple ? (ticked.contains(path(of: entry)) ? "[x] " : "[ ] ") : ""
            let suffix =
                entry.name == "."
                ? "  (choose this directory)" : entry.type == .dir ? "/" : entry.type == .link ? "@" : ""
            let text = "  " + mark + VisibleText.of(entry.name) + suffix
            lines.append(Line(text, focused && index == highlight ? .reverse : .plain))
        }
        if truncated { lines.append(Line("(more entries than shown: type to filter, or Tab to type a path)", .dim)) }
        return lines
    }
}

/// Why a directory was not listed: the daemon's sentence, and whether the
/// asker still lists (it refused this one directory) or not at all.
struct BrowseFailure: Error, Equatable {
    var sentence: String
    var letsTheAskerList: Bool
}
