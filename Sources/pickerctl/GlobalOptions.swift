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

    @Option(
        name: .customLong("host"),
        help: ArgumentHelp(
            "The daemon to talk to: local, a socket path, or ssh://[USER@]HOST[:PORT][/SOCKET], reached by running pickerctl dial-stdio there through $PICKERD_SSH (default ssh). Wins over --socket; default $PICKERD_HOST. ui, web and notify take it more than once and follow every host given.",
            valueName: "host"))
    var hosts: [String] = []

    /// The one `--host` of a command that talks to one daemon (`FollowsManyHosts` refuses more).
    var host: String? { hosts.last }

    /// The daemon this command talks to, as the clients take it: `--host`
    /// (`local`: `--socket` or the usual places), else `--socket`, else nil
    /// (`$PICKERD_HOST`, then the usual places).
    var address: String? {
        guard let host else { return socket }
        return host == DaemonAddress.localName ? socket ?? host : host
    }

    /// The daemons a front-end follows: each `--host` as `address` takes
    /// it, or the one daemon `address` names when none is given.
    var addresses: [String?] {
        hosts.isEmpty ? [address] : hosts.map { $0 == DaemonAddress.localName ? socket ?? $0 : $0 }
    }

    func validate() throws {
        for host in hosts {
            do {
                _ = try DaemonAddress(parsing: host)
            } catch {
                throw ValidationError(error.description)
            }
        }
        if hosts.count > 1, let repeated = RepeatedHost.sentence(for: hosts, local: socket) {
            throw ValidationError(repeated)
        }
    }

    /// Moves a `--socket PATH` or `--host HOST` given before the subcommand to
    /// just after it, where the subcommand's own options are read.
    static func placingSocketAfterSubcommand(_ arguments: [String]) -> [String] {
        var remaining = arguments
        var moved: [String] = []
        var index = 0
        while index < remaining.count, remaining[index].hasPrefix("-") {
            if remaining[index] == "--socket" || remaining[index] == "--host", index + 1 < remaining.count {
                moved += remaining[index...(index + 1)]
                remaining.removeSubrange(index...(index + 1))
            } else if remaining[index].hasPrefix("--socket=") || remaining[index].hasPrefix("--host=") {
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
            return try PickerClient.connect(socketPath: address)
        } catch {
            throw CommandFailure(error)
        }
    }
}
