import ArgumentParser
import Logging
import PickerClient
import PickerSystem
import PickerWeb

#if canImport(Glibc)
import Glibc
#endif

@main
struct PickerwebCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "pickerweb",
        abstract: "Answer pickerd's windows from a browser or a phone.",
        discussion: """
            Prints the page's URL, with a fresh token, and writes it to $XDG_RUNTIME_DIR/pickerd/web-url. \
            It listens on loopback only; from a phone, tunnel with ssh -L (see README).
            """)

    @Option(help: "The daemon's socket (default: as pickerctl finds it).")
    var socket: String?

    @Option(
        name: .customLong("host"),
        help:
            "A daemon to follow: local, a socket path or ssh://[USER@]HOST[:PORT][/SOCKET]; given more than once, the page shows every host's windows, each labelled by its host (wins over --socket).",
        transform: parseHost)
    var hosts: [String] = []

    @Option(
        help: ArgumentHelp("Where to listen. \(ListenAddress.accepted).", valueName: "ADDR:PORT"),
        transform: parseAddress)
    var listen = ListenAddress.loopback

    @Flag(
        help:
            "Allow --listen on an address other machines reach. The page is then plain HTTP on the network; prefer ssh -L."
    )
    var allowRemote = false

    @Flag(help: "Open the page with xdg-open.")
    var open = false

    static func parseAddress(_ text: String) throws -> ListenAddress {
        guard let address = ListenAddress(text) else {
            throw ValidationError("--listen '\(text)': \(ListenAddress.accepted)")
        }
        return address
    }

    /// A `--host` checked before anything runs: a hostile `ssh://-o…` never reaches ssh.
    static func parseHost(_ text: String) throws -> String {
        do {
            _ = try DaemonAddress(parsing: text)
        } catch {
            throw ValidationError("--host: \(error.description)")
        }
        return text
    }

    func validate() throws {
        // `local` is the usual place here: pickerweb's --socket yields to --host.
        if let repeated = RepeatedHost.sentence(for: hosts) { throw ValidationError(repeated) }
        if listen.isWildcard {
            throw ValidationError(
                "--listen \(listen) is every address of this machine; name the one address the page is reached at (the Host it must be asked by), like 192.168.1.5:8765"
            )
        }
        if !listen.isLoopback && !allowRemote {
            throw ValidationError(
                "--listen \(listen) is reachable from other machines; pickerweb listens on loopback unless --allow-remote is given (from a phone, prefer ssh -L)"
            )
        }
    }

    func run() async throws {
        var logger = Logger(label: "pickerweb")
        logger.logLevel = POSIX.environment()["PICKERWEB_DEBUG"] != nil ? .trace : .warning
        let server = WebServer(hosts: hosts.isEmpty ? [socket] : hosts, address: listen)
        let urlFile = WebURLFile.path(environment: POSIX.environment())
        let written = WrittenURL()
        let shouldOpen = open
        defer {
            if let url = written.url { WebURLFile.remove(url, at: urlFile) }
            if shouldOpen { unlink(BrowserOpener.page(besides: urlFile)) }
        }
        try await server.run(logger: logger) { url in
            // The file first: whoever reads the printed URL may look for the file next.
            if let problem = WebURLFile.write(url, to: urlFile) {
                _ = POSIX.writeAll(Array("pickerweb: \(problem)\n".utf8), to: 2)
            } else {
                written.url = url
            }
            _ = POSIX.writeAll(Array((url + "\n").utf8), to: 1)
            // Only into the folder the URL file was just written to, which was checked to be ours alone.
            if shouldOpen, written.url != nil, let problem = BrowserOpener.open(url, besides: urlFile) {
                _ = POSIX.writeAll(Array("pickerweb: \(problem)\n".utf8), to: 2)
            }
        }
    }
}

/// The URL written to the web-url file, to remove on the way out.
final class WrittenURL: Sendable {
    private let stored = Locked<String?>(nil)

    var url: String? {
        get { stored.withLock { $0 } }
        set { stored.withLock { $0 = newValue } }
    }
}
