import PickerSystem

#if canImport(Glibc)
import Glibc
#endif

/// Who asks, for the window to say: gpg (from gpg-agent's `OPTION owner=`,
/// when it is on this machine) and the chain of parent processes from
/// gpg-agent up, e.g. `gpg (pid 4121) through gpg-agent (pid 4000)`.
public struct Requester: Sendable, Equatable {
    public struct Process: Sendable, Equatable {
        public var pid: Int32
        public var name: String
        /// When it started (clock ticks since boot), so that another process
        /// given the same pid later is not taken for it.
        public var startTime: UInt64?

        /// Whether it still runs: there, not a zombie, and the same process.
        public var isRunning: Bool {
            guard let now = ProcessStat.of(pid) else { return false }
            return !now.hasEnded && (startTime == nil || now.startTime == startTime)
        }

        public var shown: String { ProcessChainText.process(name, pid: pid) }
    }

    /// The program that asked gpg-agent (`OPTION owner=`), when it runs here.
    public var client: Process?
    /// This process's parent (gpg-agent), its parent, … up to three, init left out.
    public var parents: [Process]

    // Both are made here (`current(owner:)`) and by the tests, through the
    // memberwise inits Swift writes.

    /// The sentence the window shows.
    public var sentence: String {
        let chain = ProcessChainText.chain(parents.map { ($0.name, $0.pid) })
        switch (client, chain.isEmpty) {
        case (let client?, false): return "Asked by \(client.shown) through \(chain)."
        case (let client?, true): return "Asked by \(client.shown)."
        case (nil, false): return "Asked by \(chain)."
        case (nil, true): return "Asked by an unknown process."
        }
    }

    /// Reads /proc: this process's parents, and the owner gpg-agent named.
    public static func current(owner: String?) -> Requester {
        var parents: [Process] = []
        var pid = getppid()
        while pid > 1, parents.count < 3, let stat = ProcessStat.of(pid) {
            parents.append(Process(pid, stat))
            pid = stat.parent
        }
        return Requester(client: owner.flatMap(client(fromOwner:)), parents: parents)
    }

    /// `PID/UID HOST` (gpg-agent's OPTION owner) as a process of this
    /// machine; nil when it names another host or no process.
    static func client(fromOwner owner: String) -> Process? {
        let words = owner.split(separator: " ", maxSplits: 1)
        guard let first = words.first, let pid = Int32(first.split(separator: "/").first ?? ""), pid > 0 else {
            return nil
        }
        if words.count > 1 {
            var names = utsname()
            uname(&names)
            let node = withUnsafeBytes(of: names.nodename) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            guard words[1] == node else { return nil }
        }
        return ProcessStat.of(pid).map { Process(pid, $0) }
    }
}

extension Requester.Process {
    /// Process `pid` as `stat` describes it. The name is the program's to
    /// choose: no control or format character (a bidi override) reaches the
    /// window, as in the daemon's own `owner.command` (`ProcessNames`).
    init(_ pid: Int32, _ stat: ProcessStat) {
        self.init(pid: pid, name: ProcessNames.visible(stat.name), startTime: stat.startTime)
    }
}
