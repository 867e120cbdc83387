import ArgumentParser
import CPickerServer
import CPickerSystem
import Logging
import PickerCore
import PickerPlugins
import PickerProtocol
import PickerServer
import PickerSystem
import ServiceLifecycle

#if canImport(Glibc)
import Glibc
#endif

@main
struct PickerdCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "pickerd",
        abstract: "The picker daemon: scripts ask it for a value, a person answers.",
        discussion: """
            With no options it runs on its built-in default configuration (the same as
            config/pickerd.json) and listens on the first of: --socket, $PICKERD_SOCKET,
            $XDG_RUNTIME_DIR/pickerd/pickerd.sock, /tmp/pickerd-$UID/pickerd.sock.
            SIGHUP re-reads the config; SIGTERM and SIGINT stop it cleanly.

            Exit status (sysexits.h names in brackets): 0 stopped cleanly, or
            --check-config found no problem; 1 it could not start (the socket or its
            directory, the state, a config file it cannot read), or --check-config found
            a problem; 64 [EX_USAGE] a bad command line; 70 [EX_SOFTWARE] it stopped
            because it could not save its state (a full disk, a state file deleted under
            it); 78 [EX_CONFIG] the config has problems (each printed with its key path).
            """,
        version: PickerdVersion.current
    )

    /// ArgumentParser's entry, with every failure one line on stderr after
    /// `pickerd:` (its own is `Error:`), as the daemon's other messages are.
    static func main() async {
        do {
            var command = try parseAsRoot()
            if var asyncCommand = command as? AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
        } catch {
            let code = exitCode(for: error)
            if code == .success {
                // --help, --version
                print(fullMessage(for: error))
            } else {
                let message = message(for: error)
                var standardError = StandardError()
                if !message.isEmpty { print("pickerd: \(message)", to: &standardError) }
            }
            Glibc.exit(code.rawValue)
        }
    }

    @Option(name: .long, help: ArgumentHelp("The config file (JSON).", valueName: "file"))
    var config: String?

    @Option(name: .long, help: ArgumentHelp("The Unix socket to listen on.", valueName: "path"))
    var socket: String?

    @Option(
        name: .customLong("state-dir"),
        help: ArgumentHelp(
            "Where durable state lives (default: $STATE_DIRECTORY, $XDG_STATE_HOME/pickerd, ~/.local/state/pickerd).",
            valueName: "dir"))
    var stateDirectory: String?

    @Flag(name: .customLong("check-config"), help: "Check the config, print every problem with its key path, and exit.")
    var checkConfig = false

    @Option(
        name: .customLong("log-level"),
        help: ArgumentHelp(
            "trace, debug, info, notice, warning, error or critical; overrides log.level.", valueName: "level"))
    var logLevel: String?

    func validate() throws {
        if let logLevel, Logger.Level(rawValue: logLevel) == nil {
            throw ValidationError("--log-level must be one of trace, debug, info, notice, warning, error, critical")
        }
    }

    func run() async throws {
        // Secure values pass through this process: no core dump, no ptrace or
        // /proc/PID/mem for other processes of its user.
        picker_make_undumpable()
        let source = config ?? "the built-in default config"
        var configuration: DaemonConfiguration
        // The same load as a reload's.
        switch DaemonConfiguration.load(from: config) {
        case .success(let read):
            configuration = read
        case .failure(let problems) where problems.concernTheFile:
            let reason = problems.problems.first.map { ": " + $0.message.replacingPrefix("cannot be read: ") } ?? ""
            throw Failure("cannot read the config file \(source)\(reason)")
        case .failure(let problems):
            var standardError = StandardError()
            print(
                "pickerd: \(source) has \(problems.problems.count) problem\(problems.problems.count == 1 ? "" : "s"):",
                to: &standardError)
            for problem in problems.problems { print("  \(problem)", to: &standardError) }
            throw ExitCode(checkConfig ? 1 : 78)
        }
        if checkConfig {
            let presetProblems = configuration.presetProblems(
                configPath: config, systemTimeZone: SystemTimeZone.identifier())
            guard presetProblems.isEmpty else {
                var standardError = StandardError()
                print(
                    "pickerd: the presets of \(source) have \(presetProblems.count) problem\(presetProblems.count == 1 ? "" : "s"):",
                    to: &standardError)
                for problem in presetProblems { print("  \(problem)", to: &standardError) }
                throw ExitCode(1)
            }
            print("\(source): OK")
            return
        }
        if let logLevel { configuration.logLevelFromCommandLine = Logger.Level(rawValue: logLevel)! }

        let environment = POSIX.environment()
        let journald = JournalStream.isStderr(environment: environment)
        let level = configuration.logLevelFromCommandLine ?? configuration.logLevel
        LoggingSystem.bootstrap { label in StderrLogHandler(label: label, level: level, journald: journald) }
        let logger = Logger(label: "pickerd")
        signal(SIGPIPE, SIG_IGN)
        raiseFileLimit()
        // Large answers are mapped and unmapped on their own, so the memory a
        // slow reader's backlog took goes back to the system when it leaves.
        picker_map_allocations_from(128 << 10)

        let options = DaemonOptions(
            socket: socket, stateDirectory: stateDirectory, configuration: configuration, configPath: config,
            environment: environment)
        let group = ServiceGroup(
            configuration: .init(
                services: [Daemon(options: options, logger: logger)], gracefulShutdownSignals: [.sigterm, .sigint],
                logger: logger))
        do {
            try await group.run()
        } catch let error as StartupError {
            throw Failure(error.description)
        } catch is StateLoss {
            // Logged already; EX_SOFTWARE, as systemd and scripts expect of a daemon that had to stop.
            throw ExitCode(70)
        } catch {
            throw Failure("stopped: \(error)")
        }
    }

    /// Many clients may connect at once; use the hard limit on open files.
    private func raiseFileLimit() {
        var limit = rlimit()
        guard getrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &limit) == 0, limit.rlim_cur < limit.rlim_max
        else { return }
        limit.rlim_cur = limit.rlim_max
        setrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &limit)
    }
}

/// A one-sentence failure on stderr and exit status 1.
struct Failure: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

extension String {
    fileprivate func replacingPrefix(_ prefix: String) -> String {
        hasPrefix(prefix) ? String(dropFirst(prefix.count)) : self
    }
}

/// stderr as a TextOutputStream for `print(_:to:)`.
struct StandardError: TextOutputStream {
    mutating func write(_ string: String) {
        POSIX.writeAll(Array(string.utf8), to: 2)
    }
}
