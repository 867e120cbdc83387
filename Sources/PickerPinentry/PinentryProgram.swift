import CPickerSystem
import PickerProtocol
import PickerSystem
import PickerTerminal

#if canImport(Glibc)
import Glibc
#endif

/// `pinentry-pickerd` and `pickerctl pinentry`: a pinentry on standard
/// input and output whose questions are pickerd windows.
public enum PinentryProgram {
    public static var version: String { PickerdVersion.current }

    /// pinentry's own command-line options that take a value: gpg-agent may
    /// pass `--display`, a person `--ttyname` and the like. They are taken
    /// as the matching OPTION would be, and otherwise ignored.
    static let optionsWithValue: Set<String> = [
        "--display", "--ttyname", "--ttytype", "--lc-ctype", "--lc-messages", "--timeout", "--parent-wid", "--colors",
        "--ttyalert", "--invisible-char",
    ]

    /// What the command line says: the socket, and options to start with.
    public struct Arguments: Equatable {
        public var socket: String?
        public var options = PinentryOptions()
        public var problem: String?
    }

    /// Reads `--socket PATH` (ours) and pinentry's options; pinentry's flags
    /// (`--debug`, `--no-global-grab`) are accepted and ignored.
    public static func arguments(_ given: [String]) -> Arguments {
        var result = Arguments()
        var index = 0
        while index < given.count {
            var name = given[index]
            var value: String?
            if let equals = name.firstIndex(of: "="), name.hasPrefix("--") {
                value = String(name[name.index(after: equals)...])
                name = String(name[..<equals])
            }
            index += 1
            let takesValue = name == "--socket" || optionsWithValue.contains(name)
            if takesValue, value == nil {
                guard index < given.count else {
                    result.problem = "\(name) needs a value"
                    return result
                }
                value = given[index]
                index += 1
            }
            switch name {
            case "--socket": result.socket = value
            case "--display": result.options.display = value
            case "--ttyname": result.options.ttyName = value
            case "--ttytype": result.options.ttyType = value
            case "--timeout": result.options.timeoutSeconds = max(0, Int(value ?? "") ?? 0)
            default:
                if !takesValue && !name.hasPrefix("-") {
                    result.problem = "unexpected argument '\(name.prefix(40))'"
                    return result
                }
            }
        }
        return result
    }

    /// Serves standard input and output until BYE or the end of input;
    /// returns the exit status. `name` begins each line on stderr.
    public static func run(_ arguments: Arguments, name: String) -> Int32 {
        // The secret passes through this process: no core dump, no ptrace.
        picker_make_undumpable()
        // gpg-agent closing the pipe ends the session, not the process by a signal.
        signal(SIGPIPE, SIG_IGN)
        if let problem = arguments.problem {
            StandardError.say(problem, as: name)
            return 64
        }
        var server = PinentryServer(
            input: AssuanLineReader(descriptor: 0), write: { POSIX.writeAll($0, to: 1) },
            asker: PickerdAsker(socketPath: arguments.socket), options: arguments.options,
            report: { StandardError.say($0, as: name) })
        server.run()
        return 0
    }
}
