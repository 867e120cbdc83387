import CPickerAskpass
import CPickerSystem
import PickerClient
import PickerJSON
import PickerProtocol
import PickerSystem
import PickerTerminal

#if canImport(Glibc)
import Glibc
#endif

/// An askpass program over pickerd: what `pickerd-askpass` and `pickerctl
/// askpass` do. The prompt (argv) becomes a window (`AskpassWindow`), and
/// the answer goes to stdout with a newline, exit 0; a confirm prints nothing
/// and exits 0 for yes. Any other end (cancel, no, dismissal, timeout, the
/// daemon gone) prints nothing on stdout, a sentence on stderr, and exits
/// non-zero, which sudo, ssh and git each take as no answer. SIGTERM,
/// SIGINT and SIGHUP, and the asking program's death, dismiss the window.
public enum Askpass {
    public enum Status {
        public static let answered: Int32 = 0
        /// Cancelled, no, dismissed, timed out, or stopped by a signal.
        public static let notAnswered: Int32 = 1
        public static let unreachable: Int32 = 69
        public static let internalError: Int32 = 70
        public static let permissionDenied: Int32 = 77
    }

    /// Asks `prompt` (argv's words after the program's name, joined by
    /// spaces, as OpenSSH passes one) through the pickerd at `socketPath`
    /// (nil: the usual places), the hint read from `environment`; `name`
    /// begins each sentence on stderr. Returns the exit status.
    public static func run(prompt words: [String], environment: [String: String], socketPath: String?, name: String)
        -> Int32
    {
        let say = { (sentence: String) in StandardError.say(sentence, as: name) }
        // It holds the answer: no core dump, no ptrace by the user's other processes.
        picker_make_undumpable()
        guard let wakeup = Wakeup() else {
            say("cannot trap signals: \(POSIX.message())")
            return Status.internalError
        }
        // The program that asked (sudo, ssh, git): when it is gone, so is the question.
        let parent = getppid()
        _ = picker_askpass_end_with_parent(parent)

        let prompt = words.joined(separator: " ")
        let question = AskpassQuestion(prompt: prompt, hint: environment[AskpassQuestion.hintVariable])
        let window = AskpassWindow(question: question, prompt: prompt, asker: AskerChain(startingAt: parent))
        let client: BlockingPickerClient
        let summary: WindowSummary
        do throws(PickerClientError) {
            client = try BlockingPickerClient.connect(socketPath: socketPath)
            let limits = try client.send(Hello(client: name))
            guard case .window(let shown) = try client.send(window.presentation(limits: limits)) else {
                say("pickerd answered the window with its outcome at once")
                return Status.internalError
            }
            summary = shown
        } catch {
            say(error.description)
            return status(for: error)
        }

        let outcome = Locked<Result<Outcome, PickerClientError>?>(nil)
        let waiting = HandedOver(client)
        POSIX.startThread {
            let ended = Result { () throws(PickerClientError) in try waiting.client.send(Wait(window: summary.window)) }
            outcome.withLock { $0 = ended }
            wakeup.windowEnded()
        }
        switch wakeup.next() {
        case .signal:
            // The waiting thread keeps its connection; this is a second one.
            if let other = try? BlockingPickerClient.connect(socketPath: socketPath) {
                _ = try? other.send(Dismiss(.window(summary.window)))
                other.close()
            }
            say("stopped by a signal; window \(summary.window) dismissed")
            return Status.notAnswered
        case .windowEnded:
            client.close()
            switch outcome.withLock({ $0 }) {
            case .success(let ended):
                return finish(ended, question: question, say: say)
            case .failure(let error):
                say("while waiting on window \(summary.window): \(error.description)")
                return status(for: error)
            case nil:
                return Status.internalError
            }
        }
    }

    /// The exit status for `outcome`, the answer printed when there is one.
    static func finish(_ outcome: Outcome, question: AskpassQuestion, say: (String) -> Void) -> Int32 {
        guard outcome.reason == .submitted else {
            say("window \(outcome.window) ended without an answer (\(outcome.reason.rawValue))")
            return Status.notAnswered
        }
        switch question {
        case .secret, .plainText:
            guard case .string(let answer)? = outcome.value else {
                say("window \(outcome.window) was answered, but pickerd did not pass the value on")
                return Status.notAnswered
            }
            guard POSIX.writeAll(Array((answer + "\n").utf8), to: 1) else {
                say("cannot write the answer: \(POSIX.message())")
                return Status.notAnswered
            }
            return Status.answered
        case .confirm:
            return outcome.value?[ActionsValue.index]?.integerValue == 0 ? Status.answered : Status.notAnswered
        case .notice:
            return Status.answered
        }
    }

    /// The connection, lent to the thread that waits on the window.
    private final class HandedOver: @unchecked Sendable {
        // @unchecked: one thread at a time uses it. The waiting thread has it
        // until it writes to the wake-up pipe; the main thread reads that
        // byte before it touches the client again (and on a signal never does).
        let client: BlockingPickerClient
        init(_ client: BlockingPickerClient) { self.client = client }
    }

    private static func status(for error: PickerClientError) -> Int32 {
        switch error {
        case .unreachable, .disconnected, .daemonGone, .invalidHost: Status.unreachable
        case .socketPermissionDenied, .untrustedServer: Status.permissionDenied
        case .rpc(let refusal) where refusal.code == .permissionDenied: Status.permissionDenied
        case .rpc(let refusal) where refusal.code == .limitReached: Status.unreachable
        case .windowLost, .cancelled: Status.notAnswered
        case .rpc, .protocolViolation: Status.internalError
        }
    }
}
