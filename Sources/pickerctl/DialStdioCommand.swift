import ArgumentParser
import PickerClient
import PickerProtocol
import PickerSystem

#if canImport(Glibc)
import Glibc
#endif

/// `pickerctl dial-stdio`: the far end of `--host ssh://…`. ssh runs it on
/// the daemon's machine as the ssh user; it joins its standard input and
/// output to the daemon's socket, byte for byte, and adds nothing to the
/// protocol but one `hello` notification first, saying under ssh which
/// host it relays for (`RemoteHello`). So that daemon sees the ssh user as
/// its peer, and the check of who runs the daemon (`ServerTrust`) is made
/// here, on its machine.
struct DialStdioCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "dial-stdio",
        abstract: "Join standard input and output to pickerd's socket (what --host ssh:// runs on the other machine).",
        discussion: "It exits when its standard input or the daemon closes. $PICKERD_HOST does not apply to it.")

    @Option(
        help: ArgumentHelp(
            "The daemon's socket (default: $PICKERD_SOCKET, $XDG_RUNTIME_DIR/pickerd/pickerd.sock, /tmp/pickerd-$UID/pickerd.sock).",
            valueName: "path"))
    var socket: String?

    func run() throws {
        let daemon: Int32
        do {
            daemon = try LocalDaemonSocket.connect(socketPath: socket)
        } catch {
            throw CommandFailure(error)
        }
        signal(SIGPIPE, SIG_IGN)
        guard POSIX.writeAll(RemoteHello.line(environment: POSIX.environment()), to: daemon) else {
            return
        }
        StandardStreamRelay(daemon: daemon).run()
    }
}

/// Copies standard input to a socket and the socket to standard output until
/// either ends. One thread, `poll` on both, each chunk written whole before
/// the next is read: a side that does not read holds the other back, as a
/// socket would.
struct StandardStreamRelay {
    let daemon: Int32

    func run() {
        var chunk = [UInt8](repeating: 0, count: 65536)
        var watched = [
            pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0),
            pollfd(fd: daemon, events: Int16(POLLIN), revents: 0),
        ]
        while true {
            guard poll(&watched, 2, -1) >= 0 || errno == EINTR else { return }
            for (index, (from, to)) in [(STDIN_FILENO, daemon), (daemon, STDOUT_FILENO)].enumerated()
            where watched[index].revents != 0 {
                let count = chunk.withUnsafeMutableBytes { read(from, $0.baseAddress, $0.count) }
                if count < 0, errno == EINTR || errno == EAGAIN { continue }
                // Either side closed (or failed): the other is done with too.
                guard count > 0, POSIX.writeAll(Array(chunk[0..<count]), to: to) else { return }
            }
        }
    }
}
