import ArgumentParser
import PickerSystem

#if canImport(Glibc)
import Glibc
#endif

/// `pickerctl zenity ARGS...`: runs `pickerd-zenity`, zenity's command line
/// over pickerd, in its place (the program a person puts first on PATH as
/// `zenity`). Every argument is zenity's, except a `--socket PATH` first.
struct ZenityCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "zenity",
        abstract:
            "Ask what a zenity command line asks, printing and exiting as zenity 3.44 does (runs pickerd-zenity).",
        discussion: """
            --entry, --password, --question, --info, --warning, --error, --calendar, --list, --forms, \
            --scale, --progress and --file-selection become pickerd windows; the answer is printed as zenity prints it; exit 0 for \
            OK, 1 for Cancel or a closed window, 5 for --timeout, 255 for a usage error. Scripts \
            written for zenity run unchanged with pickerd-zenity first on PATH as zenity: \
            mkdir -p ~/.local/lib/pickerd-compat; ln -s /usr/local/bin/pickerd-zenity \
            ~/.local/lib/pickerd-compat/zenity; PATH=~/.local/lib/pickerd-compat:$PATH ./script.sh \
            (docs/zenity.md lists every option).
            """)

    @Argument(parsing: .captureForPassthrough, help: "zenity's options and arguments.")
    var arguments: [String] = []

    func run() throws {
        var rest = arguments
        // `pickerctl --socket PATH zenity …` arrives as `zenity --socket PATH …`.
        if rest.first == "--socket", rest.count > 1 {
            setenv("PICKERD_SOCKET", rest[1], 1)
            rest.removeFirst(2)
        } else if let first = rest.first, first.hasPrefix("--socket=") {
            setenv("PICKERD_SOCKET", String(first.dropFirst("--socket=".count)), 1)
            rest.removeFirst()
        }
        try SiblingProgram.exec("pickerd-zenity", rest)
    }
}
