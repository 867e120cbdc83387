import Logging
import NIOCore
import PickerJSON
import PickerProtocol

/// A preset's external program, which checks and normalizes values over JSON
/// lines on its stdin and stdout (README, "External plugins"):
///
///     pickerd → {"id":1,"kind":"ticket","window":"w3","options":{…},"value":"ops-12"}
///     plugin  → {"id":1,"value":"OPS-12"}   or   {"id":1,"error":"one sentence"}
///
/// This is the protocol; the program itself is a `PluginProgram` from
/// `launcher` (a process in the daemon, a script in the fuzz target). It is
/// started on first use and kept running; calls are answered in any order and
/// each is bounded by `timeout`. A plugin that exits, hangs past a timeout or
/// writes anything but an answer to a waiting call is killed, its pending
/// calls fail with -32603, and it is started again on a later call, after a
/// backoff that doubles with each failure in a row (100 ms up to 10 s).
///
/// What it writes is never echoed: a -32603 says what went wrong, not what it
/// wrote (it may hold another window's value), and its own error sentence goes
/// to the caller of that call only, cleaned and cut. Values of secure windows
/// are not sent to it. Everything runs on the daemon's event loop.
final class ExternalPlugin {
    /// An answer line longer than this ends the program.
    static let maxAnswerBytes = 1 << 20
    /// An error sentence is cut to this many characters.
    static let maxSentenceCharacters = 300

    let kind: String
    let command: [String]
    private let workingDirectory: String?
    private let eventLoop: any EventLoop
    private let timeout: TimeAmount
    private let launcher: any PluginProgramLauncher
    private let log: (Logger.Level, String) -> Void
    private let parser = JSONParser(maxDepth: 256)

    private struct Running {
        var program: any PluginProgram
        /// Which start this is; output of an earlier, terminated one is ignored.
        var generation: Int
        var answers = LineAssembler(maxLineBytes: ExternalPlugin.maxAnswerBytes)
    }

    private struct Call {
        var completion: (Result<JSON, RPCError>) -> Void
        var timer: Scheduled<Void>
    }

    private var running: Running?
    private var generation = 0
    private var pending: [Int64: Call] = [:]
    private var nextID: Int64 = 1
    private var failuresInARow = 0
    private var restartAllowedAt = NIODeadline.distantPast
    private var saidSecureValuesStayHere = false

    init(
        kind: String, command: [String], workingDirectory: String?, eventLoop: any EventLoop, timeout: TimeAmount,
        launcher: any PluginProgramLauncher, log: @escaping (Logger.Level, String) -> Void
    ) {
        self.kind = kind
        self.command = command
        self.workingDirectory = workingDirectory
        self.eventLoop = eventLoop
        self.timeout = timeout
        self.launcher = launcher
        self.log = log
    }

    /// Asks the plugin to check `value`; `completion` gets its normalized value,
    /// a -32602 with its sentence, or a -32603 saying what went wrong with it.
    /// A value holding a secret (`isSecret`: secure text, a form with a secure
    /// field) is not sent: the base kind checks it alone. `window` is nil for
    /// a `present`'s default, checked before its window exists (`"window":null`).
    func validate(
        value: JSON, options: JSON, window: String?, isSecret: Bool,
        completion: @escaping (Result<JSON, RPCError>) -> Void
    ) {
        // The program runs as pickerd's user, but what it does with a value
        // (its stderr is logged) is beyond pickerd's bounds: a secret stays here.
        if isSecret {
            if !saidSecureValuesStayHere {
                saidSecureValuesStayHere = true
                log(.notice, "values of secure windows are not sent to the \(kind) plugin; its base kind checks them")
            }
            completion(.success(value))
            return
        }
        if running == nil {
            let now = eventLoop.now
            guard now >= restartAllowedAt else {
                let wait = (restartAllowedAt - now).nanoseconds / 1_000_000 + 1
                completion(
                    .failure(
                        RPCError(
                            .internalError, "the \(kind) plugin failed and is restarted in \(wait) ms; try again then"))
                )
                return
            }
            do {
                try start()
            } catch {
                noteFailure()
                log(.warning, "the \(kind) plugin could not be started: \(error)")
                completion(
                    .failure(
                        RPCError(.internalError, "the \(kind) plugin could not be started; pickerd's log says why")))
                return
            }
        }
        let id = nextID
        nextID += 1
        let request = JSON.object(
            JSONObject([
                WireName.id: .integer(id), WireName.kind: .string(kind),
                WireName.window: window.map(JSON.string) ?? .null, WireName.options: options,
                WireName.value: value,
            ]))
        var bytes: [UInt8] = []
        request.serialize(into: &bytes)
        bytes.append(0x0A)
        let timeout = timeout
        let timer = eventLoop.assumeIsolated().scheduleTask(in: timeout) { [self] in
            guard pending[id] != nil else { return }
            fail(
                because:
                    "the \(kind) plugin did not answer within \(timeout.nanoseconds / 1_000_000) ms (plugins.timeout_ms); it is restarted"
            )
        }
        pending[id] = Call(completion: completion, timer: timer)
        running?.program.send(bytes)
    }

    /// Stops the program (on reload and shutdown); pending calls fail.
    func stop() {
        fail(because: "the \(kind) plugin was stopped (the daemon reloaded or is stopping)", countsAsFailure: false)
    }

    // MARK: the program

    private func start() throws(PluginLaunchError) {
        generation += 1
        let generation = generation
        let stderrLog = PluginStderrLog(kind: kind, eventLoop: eventLoop, log: log)
        let output = PluginProgramOutput(
            stdout: { [weak self] bytes in self?.programWrote(bytes, generation: generation) },
            stderr: { stderrLog.append($0) },
            stderrEnded: { stderrLog.finish() },
            ended: { [weak self] in self?.programEnded(generation: generation) })
        let spec = PluginProgramSpec(kind: kind, command: command, workingDirectory: workingDirectory)
        let program = try launcher.launch(spec, on: eventLoop, output: output)
        stderrLog.pid = program.pid
        running = Running(program: program, generation: generation)
        log(
            .notice,
            "started the \(kind) plugin\(program.pid.map { " (pid \($0))" } ?? ""): \(command.joined(separator: " "))")
    }

    /// Ends the program and fails every pending call with `reason`, which
    /// must not quote anything the program wrote.
    private func fail(because reason: String, countsAsFailure: Bool = true) {
        if let running {
            self.running = nil
            running.program.terminate()
            if countsAsFailure { log(.warning, reason) }
        }
        if countsAsFailure { noteFailure() }
        let calls = pending
        pending = [:]
        for call in calls.values {
            call.timer.cancel()
            call.completion(.failure(RPCError(.internalError, reason)))
        }
    }

    private func noteFailure() {
        failuresInARow += 1
        let delay = min(100 << min(failuresInARow - 1, 7), 10_000)
        restartAllowedAt = eventLoop.now + .milliseconds(Int64(delay))
    }

    // MARK: answers

    private func programWrote(_ bytes: [UInt8], generation: Int) {
        guard running?.generation == generation else { return }
        running?.answers.append(bytes)
        while running?.generation == generation, let piece = running?.answers.next() {
            switch piece {
            case .line(let line) where LineAssembler.isBlank(line): continue
            case .line(let line): received(line)
            case .tooLong: fail(because: "the \(kind) plugin wrote a line longer than 1 MiB; it is restarted")
            }
        }
    }

    private func received(_ line: [UInt8]) {
        guard case .object(let answer)? = try? parser.parse(line), let id = answer[WireName.id]?.integerValue,
            (answer[WireName.value] != nil) != (answer[WireName.error] != nil)
        else {
            fail(because: "the \(kind) plugin wrote something that is not an answer; it is restarted")
            return
        }
        guard let call = pending.removeValue(forKey: id) else {
            fail(
                because:
                    "the \(kind) plugin answered a call that is not waiting (one answered already, or an id it was not given); it is restarted"
            )
            return
        }
        call.timer.cancel()
        failuresInARow = 0
        if let value = answer[WireName.value] {
            call.completion(.success(value))
            return
        }
        let sentence =
            answer[WireName.error]?.stringValue.map {
                PluginText.cleaned($0, maxCharacters: Self.maxSentenceCharacters)
            } ?? ""
        if sentence.isEmpty {
            call.completion(
                .failure(RPCError(.internalError, "the \(kind) plugin refused the value without a sentence saying why"))
            )
        } else {
            call.completion(.failure(RPCError(.invalidParams, sentence)))
        }
    }

    private func programEnded(generation: Int) {
        guard running?.generation == generation else { return }
        fail(because: "the \(kind) plugin exited; it is restarted on a later call")
    }
}
