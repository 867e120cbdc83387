import Logging
import NIOCore
import NIOPosix
import PickerJSON
import PickerProtocol

#if canImport(Glibc)
import Glibc
#endif

/// A preset's external program, which checks and normalizes values over JSON
/// lines on its stdin and stdout (README, "External plugins"):
///
///     pickerd → {"id":1,"kind":"ticket","window":"w3","options":{…},"value":"ops-12"}
///     plugin  → {"id":1,"value":"OPS-12"}   or   {"id":1,"error":"one sentence"}
///
/// It is started on first use and kept running; calls are answered in any
/// order and each is bounded by `timeout`. A plugin that exits, hangs past a
/// timeout or writes anything but an answer is killed, its pending calls fail
/// with -32603, and it is started again on a later call, after a backoff that
/// doubles with each failure in a row (100 ms up to 10 s). Everything runs on
/// the daemon's event loop without blocking it.
final class ExternalPlugin {
    let kind: String
    let command: [String]
    private let eventLoop: any EventLoop
    private let timeout: TimeAmount
    private let log: (Logger.Level, String) -> Void

    private struct Running {
        var pid: pid_t
        var channel: (any Channel)?
        /// Requests written before the pipe channel was ready.
        var queued: [[UInt8]] = []
    }

    private struct Call {
        var completion: (Result<JSON, RPCError>) -> Void
        var timer: Scheduled<Void>
    }

    private var running: Running?
    private var pending: [Int64: Call] = [:]
    private var nextID: Int64 = 1
    private var failuresInARow = 0
    private var restartAllowedAt = NIODeadline.distantPast

    init(
        kind: String, command: [String], eventLoop: any EventLoop, timeout: TimeAmount,
        log: @escaping (Logger.Level, String) -> Void
    ) {
        self.kind = kind
        self.command = command
        self.eventLoop = eventLoop
        self.timeout = timeout
        self.log = log
    }

    /// Asks the plugin to check `value`; `completion` gets its normalized value,
    /// a -32602 with its sentence, or a -32603 saying what went wrong with it.
    func validate(value: JSON, options: JSON, window: String, completion: @escaping (Result<JSON, RPCError>) -> Void) {
        if running == nil {
            let now = NIODeadline.now()
            guard now >= restartAllowedAt else {
                let wait = (restartAllowedAt - now).nanoseconds / 1_000_000 + 1
                completion(.failure(RPCError(.internalError, "the \(kind) plugin failed and is restarted in \(wait) ms; try again then")))
                return
            }
            do {
                try start()
            } catch {
                noteFailure()
                completion(.failure(RPCError(.internalError, "the \(kind) plugin could not be started: \(error)")))
                return
            }
        }
        let id = nextID
        nextID += 1
        let request: JSON = [
            "id": .integer(id), "kind": .string(kind), "window": .string(window), "options": options, "value": value,
        ]
        var bytes: [UInt8] = []
        request.serialize(into: &bytes)
        bytes.append(0x0A)
        let timeout = timeout
        let timer = eventLoop.assumeIsolated().scheduleTask(in: timeout) { [self] in
            guard pending[id] != nil else { return }
            fail(because: "the \(kind) plugin did not answer within \(timeout.nanoseconds / 1_000_000) ms (plugins.timeout_ms); it is restarted")
        }
        pending[id] = Call(completion: completion, timer: timer)
        write(bytes)
    }

    /// Stops the program (on reload and shutdown); pending calls fail.
    func stop() {
        fail(because: "the \(kind) plugin was stopped (the daemon reloaded or is stopping)", countsAsFailure: false)
    }

    // MARK: the process

    private func start() throws {
        var toChild: [Int32] = [-1, -1]
        var fromChild: [Int32] = [-1, -1]
        guard pipe(&toChild) == 0 else { throw ExternalPluginError(errno: errno) }
        guard pipe(&fromChild) == 0 else {
            close(toChild[0])
            close(toChild[1])
            throw ExternalPluginError(errno: errno)
        }
        // Not inherited by other children (pipe2 with O_CLOEXEC needs _GNU_SOURCE).
        for descriptor in toChild + fromChild { _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, toChild[0], 0)
        posix_spawn_file_actions_adddup2(&actions, fromChild[1], 1)
        let argv = command.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, command[0], &actions, nil, argv, environ)
        close(toChild[0])
        close(fromChild[1])
        guard spawned == 0 else {
            close(toChild[1])
            close(fromChild[0])
            throw ExternalPluginError(errno: spawned)
        }
        running = Running(pid: pid)
        log(.notice, "started the \(kind) plugin (pid \(pid)): \(command.joined(separator: " "))")
        let plugin = NIOLoopBound(self, eventLoop: eventLoop)
        NIOPipeBootstrap(group: eventLoop)
            .channelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHandler(ExternalPluginReader(plugin: plugin.value))
                }
            }
            .takingOwnershipOfDescriptors(input: fromChild[0], output: toChild[1])
            .assumeIsolated()
            .whenComplete { [self] result in
                guard running?.pid == pid else { return }
                switch result {
                case .success(let channel):
                    running?.channel = channel
                    for bytes in running?.queued ?? [] { write(bytes) }
                    running?.queued = []
                case .failure(let error):
                    fail(because: "the \(kind) plugin's pipes failed: \(error)")
                }
            }
    }

    private func write(_ bytes: [UInt8]) {
        guard let channel = running?.channel else {
            running?.queued.append(bytes)
            return
        }
        channel.writeAndFlush(channel.allocator.buffer(bytes: bytes), promise: nil)
    }

    /// Kills and reaps the program, and fails every pending call.
    private func fail(because reason: String, countsAsFailure: Bool = true) {
        if let running {
            self.running = nil
            kill(running.pid, SIGKILL)
            var status: Int32 = 0
            _ = waitpid(running.pid, &status, 0)
            running.channel?.close(promise: nil)
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
        restartAllowedAt = .now() + .milliseconds(Int64(delay))
    }

    // MARK: answers

    fileprivate func received(_ line: [UInt8]) {
        guard case .object(let answer)? = try? JSON.parse(String(decoding: line, as: UTF8.self)),
            let id = answer["id"]?.integerValue, let call = pending[id],
            (answer["value"] != nil) != (answer["error"] != nil)
        else {
            fail(because: "the \(kind) plugin wrote something that is not an answer (\(String(decoding: line.prefix(80), as: UTF8.self))); it is restarted")
            return
        }
        pending[id] = nil
        call.timer.cancel()
        failuresInARow = 0
        if let value = answer["value"] {
            call.completion(.success(value))
        } else if let message = answer["error"]?.stringValue, !message.isEmpty {
            call.completion(.failure(RPCError(.invalidParams, message)))
        } else {
            call.completion(.failure(RPCError(.internalError, "the \(kind) plugin refused the value without a sentence saying why")))
        }
    }

    fileprivate func closed() {
        guard running != nil else { return }
        fail(because: "the \(kind) plugin exited; it is restarted on a later call")
    }
}

struct ExternalPluginError: Error, CustomStringConvertible {
    var errno: Int32
    var description: String { String(cString: strerror(errno)) }
}

/// Cuts the plugin's stdout into lines for it.
private final class ExternalPluginReader: ChannelInboundHandler {
    typealias InboundIn = ByteBuffer
    private unowned let plugin: ExternalPlugin
    private var assembler = LineAssembler(maxLineBytes: 1 << 20)

    init(plugin: ExternalPlugin) {
        self.plugin = plugin
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        assembler.append(unwrapInboundIn(data).readableBytesView)
        while let piece = assembler.next() {
            switch piece {
            case .line(let line) where LineAssembler.isBlank(line): continue
            case .line(let line): plugin.received(line)
            case .tooLong: plugin.received(Array("a line longer than 1 MiB".utf8))
            }
        }
    }

    func channelInactive(context: ChannelHandlerContext) {
        plugin.closed()
        context.fireChannelInactive()
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if let event = event as? ChannelEvent, event == .inputClosed { plugin.closed() }
        context.fireUserInboundEventTriggered(event)
    }
}
