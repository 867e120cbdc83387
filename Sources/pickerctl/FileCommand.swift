import ArgumentParser
import PickerClient
import PickerJSON
import PickerProtocol

#if canImport(Glibc)
import Glibc
#endif

/// `pickerctl file`: a path, as `zenity --file-selection` or `gum file`.
/// pickerd reads no file: this pickerctl presents with `browsable: true` and
/// lists each directory a front-end browses, as the user who runs it, confined
/// to --root. The chosen path is resolved before it is printed: one a
/// symbolic link takes outside --root exits 65.
struct FileCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: BuiltInKind.file.name,
        abstract: "Ask for a file or directory path; prints it (one path a line with --multiple).")

    @OptionGroup var common: AskOptions

    @Flag(help: "Choose a directory, not a file.")
    var directory = false
    @Flag(help: "Several paths may be chosen; each is printed on its own line.")
    var multiple = false
    @Flag(help: "The name may be new (typed in an existing directory), as zenity --save.")
    var save = false
    @Option(help: ArgumentHelp("Browsing never leaves this directory (default /).", valueName: "dir"))
    var root: String?
    @Option(help: ArgumentHelp("Where browsing starts (default the working directory, or --root).", valueName: "dir"))
    var start: String?
    @Option(
        name: .customLong("pattern"),
        help: ArgumentHelp("Offer and accept only files matching GLOB, e.g. '*.png'; repeatable.", valueName: "glob"))
    var patterns: [String] = []
    @Flag(name: .customLong("hidden"), help: "Offer names that start with a dot.")
    var showHidden = false

    func run() async throws {
        let root = WorkingDirectory.absolute(root ?? "/")
        let workingDirectory = WorkingDirectory.path()
        var start = start.map(WorkingDirectory.absolute) ?? workingDirectory
        if start.map({ !FilePathText.isInside($0, root: root) }) ?? true, self.start == nil { start = root }
        var selection = FileSelection()
        (selection.root, selection.start, selection.patterns) = (root, start, patterns)
        (selection.isDirectory, selection.isMultiple, selection.isSave) = (directory, multiple, save)
        selection.showsHidden = showHidden
        let lister = DirectoryLister(
            root: root, showsHidden: showHidden, patterns: patterns, directoriesOnly: directory)
        let (save, directory, json) = (save, directory, common.json)
        let finish = { (outcome: Outcome) -> Int32 in
            if outcome.reason == .submitted, let value = outcome.value,
                let refusal = lister.refusal(ofValue: value, save: save, directory: directory)
            {
                printError(refusal)
                return ExitStatus.rejected
            }
            return OutcomePrinting.finish(outcome, kind: .file, json: json, separator: "\n")
        }
        try await common.ask(
            kind: .file, options: selection.options,
            flags: OptionFlags(FileOption.self, renamed: [.patterns: "--pattern", .showHidden: "--hidden"]),
            answeringRequests: { method, params in lister.answer(method: method, params: params) },
            finishing: finish)
    }
}
