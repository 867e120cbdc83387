import ArgumentParser
import PickerClient

/// Options every command takes.
struct GlobalOptions: ParsableArguments {
    @Option(
        name: .long,
        help: ArgumentHelp(
            "The daemon's socket (default: $PICKERD_SOCKET, $XDG_RUNTIME_DIR/pickerd/pickerd.sock, /tmp/pickerd-$UID/pickerd.sock).",
            valueName: "path"))
    var socket: String?

    /// Moves a `--socket PATH` given before the subcommand to just after it, where
    /// the subcommand's own options are read.
    static func placingSocketAfterSubcommand(_ arguments: [String]) -> [String] {
        var remaining = arguments
        var moved: [String] = []
        var index = 0
        while index < remaining.count, remaining[index].hasPrefix("-") {
            if remaining[index] == "--socket", index + 1 < remaining.count {
                moved += remaining[index...(index + 1)]
                remaining.removeSubrange(index...(index + 1))
            } else if remaining[index].hasPrefix("--socket=") {
                moved.append(remaining.remove(at: index))
            } else {
                index += 1
            }
        }
        guard !moved.isEmpty, index < remaining.count else { return arguments }
        remaining.insert(contentsOf: moved, at: index + 1)
        return remaining
    }

    func connect() throws -> PickerClient {
        do {
            return try PickerClient.connect(socketPath: socket)
        } catch {
            throw CommandFailure(error)
        }
    }
}
