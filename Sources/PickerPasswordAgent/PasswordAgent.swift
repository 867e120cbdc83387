import CPickerSystem
import PickerSystem

#if canImport(Glibc)
import Glibc
#endif

/// systemd's password agent protocol over pickerd: each `ask.*` request in
/// the directory becomes a window (`RequestSession`), several at once.
///
/// `watch` follows the directory with inotify, requests already pending
/// first, until the process is stopped. `query` serves the requests pending
/// at start and returns once each is answered or over, as
/// `systemd-tty-ask-password-agent --query` does.
///
/// A request is served once per run: a file is known by its device and inode
/// until it goes, so further events for it (or a rescan) present nothing
/// again. Stopping the agent leaves its windows to pickerd, which ends them
/// `windows.reattach_ms` later (they are presented with `on_disconnect:
/// dismiss`), unless an agent started meanwhile takes them up again.
public struct PasswordAgent: Sendable {
    public enum Mode: Sendable {
        case watch
        case query
    }

    public var directory: String
    public var mode: Mode
    /// pickerd's socket; nil for the usual search.
    public var socketPath: String?
    var timing = SessionTiming()
    /// Where the agent says what it does, one line each; never with a value.
    let report: @Sendable (String) -> Void

    public init(directory: String, mode: Mode, socketPath: String?, report: @escaping @Sendable (String) -> Void) {
        self.directory = directory
        self.mode = mode
        self.socketPath = socketPath
        self.report = report
    }

    private enum Input: Sendable {
        case change(DirectoryChange)
        case ended(FileIdentity)
    }

    /// What the agent knows of one `ask.*` name.
    private struct Known: Equatable {
        var identity: FileIdentity
        /// Why it was ignored, when it was: a later write may make it a request.
        var refusal: String?
    }

    public func run() async throws(AgentFailure) {
        // Passwords pass through: no core dump, no ptrace, no /proc/PID/mem.
        guard picker_make_undumpable() == 0, picker_is_dumpable() == 0 else {
            throw AgentFailure(.internalError, "cannot make this process undumpable (prctl): \(POSIX.message())")
        }
        let directory = try AskDirectory.open(directory, create: mode == .watch).get()
        let watch = try DirectoryWatch.start(directory).get()
        defer { watch.stop() }
        let (inputs, input) = AsyncStream<Input>.makeStream()
        let forwarding = Task {
            for await change in watch.changes { input.yield(.change(change)) }
        }
        defer { forwarding.cancel() }

        var known: [String: Known] = [:]
        var running: [FileIdentity: RequestSession] = [:]
        var directoryGone = false

        func consider(_ name: String) {
            guard let identity = directory.identity(of: name) else {
                withdraw(name)
                return
            }
            if let seen = known[name] {
                if seen == Known(identity: identity, refusal: nil) { return }
                if seen.identity != identity, let session = running[seen.identity] {
                    Task { await session.end(.replaced) }
                }
            }
            switch directory.read(name) {
            case .failure(.gone), .failure(.notARequest):
                withdraw(name)
            case .failure(.refused(let why)):
                let refused = Known(identity: identity, refusal: why)
                if known[name] != refused { report("ignoring \(name): \(why)") }
                known[name] = refused
            case .success(let entry):
                known[name] = Known(identity: entry.identity, refusal: nil)
                for warning in entry.file.warnings { report("\(name): \(warning)") }
                if let session = start(entry, in: directory, reporting: input) { running[entry.identity] = session }
            }
        }

        func withdraw(_ name: String) {
            guard let gone = known.removeValue(forKey: name), let session = running[gone.identity] else { return }
            Task { await session.end(.withdrawn) }
        }

        let pending = directory.requestNames()
        for name in pending { consider(name) }
        let initial = Set(pending)
        if mode == .query, running.isEmpty { return }

        for await next in inputs {
            switch next {
            case .change(.appeared(let name)):
                // --query serves what was pending at start (written completely by now).
                if mode == .watch || initial.contains(name) { consider(name) }
            case .change(.vanished(let name)):
                withdraw(name)
            case .change(.overflowed):
                let present = Set(directory.requestNames())
                for name in known.keys where !present.contains(name) { withdraw(name) }
                for name in present where mode == .watch || initial.contains(name) { consider(name) }
            case .change(.directoryGone):
                directoryGone = true
                for name in Array(known.keys) { withdraw(name) }
            case .ended(let identity):
                running[identity] = nil
            }
            if running.isEmpty, directoryGone || mode == .query { break }
        }
        if directoryGone {
            throw AgentFailure(.unavailable, "the request directory \(directory.path) was removed")
        }
    }

    /// A session for `entry`, started, unless the request is over already or
    /// its socket is not one to answer on (then why is reported).
    private func start(_ entry: AskEntry, in directory: AskDirectory, reporting input: AsyncStream<Input>.Continuation)
        -> RequestSession?
    {
        let file = entry.file
        if file.pid > 0, kill(file.pid, 0) != 0, errno == ESRCH {
            report("ignoring \(entry.name): its process \(file.pid) is gone")
            return nil
        }
        if file.notAfter > 0, MonotonicClock.microseconds() > file.notAfter {
            report("ignoring \(entry.name): its time ran out (NotAfter=)")
            return nil
        }
        let target: ReplyTarget
        switch directory.replyTarget(for: entry) {
        case .success(let found): target = found
        case .failure(.refused(let why)):
            report("ignoring \(entry.name): \(why)")
            return nil
        case .failure:
            return nil
        }
        let session = RequestSession(
            entry: entry, target: target, socketPath: socketPath, timing: timing, report: report)
        Task {
            await session.run()
            input.yield(.ended(entry.identity))
        }
        return session
    }
}
