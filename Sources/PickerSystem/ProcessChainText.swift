/// How a window names who asks by processes (the askpass program's chain
/// of parents, the pinentry's): each by its name and pid, `sudo (pid 4130)`,
/// and a chain from the asker up to its parents, `sudo (pid 4130) ← deploy.sh
/// (pid 4121)`. The name is the process's to choose, so the pid (the
/// kernel's) is always shown with it; names come here already made visible.
public enum ProcessChainText {
    /// `sudo (pid 4130)`.
    public static func process(_ name: String, pid: Int32) -> String {
        "\(name) (pid \(pid))"
    }

    /// Each process, then its parent: `sudo (pid 4130) ← deploy.sh (pid
    /// 4121)`, with `…` at the end when `isCut` (the chain went on).
    public static func chain(_ processes: [(name: String, pid: Int32)], isCut: Bool = false) -> String {
        (processes.map { process($0.name, pid: $0.pid) } + (isCut ? ["…"] : [])).joined(separator: " ← ")
    }
}
