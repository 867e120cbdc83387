import PickerSystem
import PickerTerminal

/// Who asks: the process that started the askpass program and its parents,
/// each by its command name and pid, read from `/proc/PID/stat`, e.g.
/// `sudo (pid 4130) ← deploy.sh (pid 4121) ← bash (pid 4000)`.
///
/// A command name is what the process calls itself (15 bytes at most, and a
/// process may rename itself), so the pids are shown too: they are the
/// kernel's. Control characters in a name are written out visibly.
public struct AskerChain: Sendable, Equatable {
    public struct Link: Sendable, Equatable {
        public var pid: Int32
        /// The command name, made visible.
        public var command: String
    }

    /// How many processes are named at most; a deeper chain ends in `…`.
    public static let longest = 6

    public var links: [Link]
    /// Whether the chain went on past `longest`, or a process could not be read.
    public var isCut: Bool

    /// The chain from `pid` up to (not including) pid 1, read from `proc`.
    public init(startingAt pid: Int32, proc: String = "/proc") {
        links = []
        isCut = false
        var next = pid
        while next > 1 {
            guard links.count < Self.longest else {
                isCut = true
                return
            }
            guard let stat = ProcessStat.of(next, proc: proc) else {
                isCut = true
                return
            }
            let parent = stat.parent
            links.append(Link(pid: next, command: VisibleText.of(stat.name)))
            // A parent is older than its child; a loop would mean a lie.
            guard parent != next, !links.contains(where: { $0.pid == parent }) else { return }
            next = parent
        }
    }

    public init(links: [Link], isCut: Bool = false) {
        self.links = links
        self.isCut = isCut
    }

    /// The command name (made visible) and parent pid in a `/proc/PID/stat`
    /// line: `4121 (deploy.sh) S 4000 …` (`ProcessStat`).
    static func read(stat: String) -> (command: String, parent: Int32)? {
        ProcessStat(line: stat.utf8).map { (VisibleText.of($0.name), $0.parent) }
    }

    /// `sudo (pid 4130) ← deploy.sh (pid 4121)`, `…` at the end when cut
    /// (`ProcessChainText`).
    public var description: String {
        guard !links.isEmpty else { return "an unknown process" }
        return ProcessChainText.chain(links.map { ($0.command, $0.pid) }, isCut: isCut)
    }
}
