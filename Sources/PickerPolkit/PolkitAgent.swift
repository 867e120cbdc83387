import CPickerPolkit
import CPickerSystem
import PickerPasswordAgent
import PickerSystem

#if canImport(Glibc)
import Glibc
#endif

/// polkit's authentication agent over pickerd: registered with polkitd on the
/// system bus for one process (`--process PID`, as `pkttyagent --process`
/// does) or for this process's logind session, it serves each request
/// polkitd routes to it (`PolkitConversation`), several at once, until the
/// process is stopped. polkitd sends an agent only the requests of its own
/// subject, so a request of another session never reaches it.
public struct PolkitAgent: Sendable {
    public enum Subject: Sendable, Equatable {
        /// One process and what it starts.
        case process(Int32)
        /// This process's logind session.
        case session
    }

    public var subject: Subject
    /// pickerd's socket; nil for the usual search.
    public var socketPath: String?
    /// Where the agent says what it does, one line each; never with a value.
    let report: @Sendable (String) -> Void

    public init(subject: Subject, socketPath: String?, report: @escaping @Sendable (String) -> Void) {
        self.subject = subject
        self.socketPath = socketPath
        self.report = report
    }

    public func run() async throws(AgentFailure) {
        // Passwords pass through: no core dump, no ptrace, no /proc/PID/mem.
        guard picker_make_undumpable() == 0, picker_is_dumpable() == 0 else {
            throw AgentFailure(.internalError, "cannot make this process undumpable (prctl): \(POSIX.message())")
        }
        if case .process(let pid) = subject, pid <= 0 || (kill(pid, 0) != 0 && errno == ESRCH) {
            throw AgentFailure(.usage, "there is no process \(pid) to be the agent of")
        }
        // Lives as long as the process: the C side's handler holds it unretained.
        let events = PolkitEvents()
        let context = Unmanaged.passRetained(events).toOpaque()
        var error: UnsafeMutablePointer<CChar>?
        let pid: Int32 = if case .process(let pid) = subject { pid } else { 0 }
        guard picker_polkit_agent_start(pid, PolkitEvents.handler, context, &error) != nil else {
            let why = error.map { String(cString: $0) } ?? "polkit gave no reason"
            free(error)
            Unmanaged<PolkitEvents>.fromOpaque(context).release()
            throw AgentFailure(.unavailable, why)
        }
        switch subject {
        case .process(let pid): report("registered with polkit as the authentication agent of process \(pid)")
        case .session: report("registered with polkit as the authentication agent of this session")
        }
        let fallback: Int32? = if case .process(let pid) = subject { pid } else { nil }
        await withDiscardingTaskGroup { group in
            for await (request, stream) in events.begun {
                let conversation = PolkitConversation(
                    request: request, events: stream,
                    window: PolkitWindow(request: request, fallbackPid: fallback), socketPath: socketPath,
                    report: report)
                group.addTask {
                    await conversation.run()
                    events.forget(request)
                }
            }
        }
    }
}
