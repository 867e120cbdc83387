import PickerJSON
import PickerProtocol
import PickerSystem

#if canImport(Glibc)
import Glibc
#endif

/// The Model Context Protocol over stdio, for a server that offers tools and
/// nothing else: JSON-RPC 2.0, one message a line. It answers `initialize`
/// (agreeing on a protocol version), `ping`, `tools/list` and `tools/call`,
/// and takes `notifications/initialized` and `notifications/cancelled` (which
/// stops that call: its window is dismissed, and no answer is sent).
///
/// Its own loop on PickerJSON rather than the MCP Swift SDK: the SDK's `Value`
/// keeps an object's members in a dictionary, and the order of a choose
/// tree's keys and of a form's properties is what the person is shown.
///
/// Each call runs in a task of its own, so a call waiting for a person never
/// holds up the others. When standard input ends (the host is gone), calls
/// still waiting are cancelled, which dismisses their windows.
public final class MCPServer: Sendable {
    /// The protocol versions it speaks, newest first.
    public static let protocolVersions = ["2025-11-25", "2025-06-18", "2025-03-26", "2024-11-05"]

    /// Member names of MCP's messages that this server reads or writes.
    enum Member: String, MemberName {
        case protocolVersion, capabilities, tools, listChanged, serverInfo, name, title, version, instructions
        case arguments, requestId
    }

    private struct Calls {
        var running: [RPCRequestID: Task<Void, Never>] = [:]
        /// Calls the host cancelled, or that stop because it went away: not answered.
        var cancelled: Set<RPCRequestID> = []
        /// Calls whose task ended before it was put in `running`.
        var endedEarly: Set<RPCRequestID> = []
    }

    let asker: Asker
    /// pickerd's schemas of the kinds' options, for `tools/list`.
    let kindSchemas: KindSchemas
    private let input: Int32
    /// Writes one whole message (a line); the messages of concurrent calls never interleave.
    private let write: @Sendable ([UInt8]) -> Void
    private let writing = Locked(())
    private let calls = Locked(Calls())
    /// How often a waiting call that carried a `progressToken` gets a progress notification.
    private let progressInterval: Duration

    /// A server on standard input and output; its questions are shown at
    /// `maxLevel` at most (`pickermcp --max-level`).
    public convenience init(
        socketPath: String?, maxLevel: LevelSpec = Asker.defaultMaxLevel, input: Int32 = STDIN_FILENO,
        output: Int32 = STDOUT_FILENO, progressInterval: Duration = WaitingProgress.defaultInterval
    ) {
        // A host that stopped reading is gone; what it misses cannot be told to it.
        self.init(socketPath: socketPath, maxLevel: maxLevel, input: input, progressInterval: progressInterval) {
            bytes in
            _ = POSIX.writeAll(bytes, to: output)
        }
    }

    /// A server whose messages go to `write` (the fuzz target's, which checks them; public
    /// because that target is in the Benchmarks package, which `package` does not reach).
    public init(
        socketPath: String?, maxLevel: LevelSpec, input: Int32 = -1,
        progressInterval: Duration = WaitingProgress.defaultInterval, write: @escaping @Sendable ([UInt8]) -> Void
    ) {
        asker = Asker(socketPath: socketPath, maxLevel: maxLevel)
        kindSchemas = KindSchemas(socketPath: socketPath)
        self.input = input
        self.progressInterval = progressInterval
        self.write = write
    }

    /// Serves until standard input ends.
    public func run() async {
        let (lines, continuation) = AsyncStream<Input>.makeStream()
        POSIX.startThread { [input] in Self.read(input, into: continuation) }
        let parser = Self.parser
        for await input in lines {
            receive(input, parser)
        }
        await stopCalls()
    }

    /// Serves `bytes` as if they were all standard input had, in process
    /// (the fuzz target), and returns once every call they started has ended
    /// by itself: without a pickerd behind the server, each does at once.
    /// Public for that target, which is in the Benchmarks package.
    public func serve(_ bytes: [UInt8]) async {
        var assembler = LineAssembler(maxLineBytes: Self.longestMessage)
        assembler.append(bytes[...])
        let parser = Self.parser
        while let piece = assembler.next() {
            if case .line(let line) = piece { receive(.line(line), parser) } else { receive(.tooLong, parser) }
        }
        while let call = calls.withLock({ $0.running.values.first }) { await call.value }
    }

    static let longestMessage = 16 << 20
    static var parser: JSONParser { JSONParser(maxDepth: 512) }

    private func receive(_ input: Input, _ parser: JSONParser) {
        guard case .line(let line) = input else {
            send(
                RPCResponse.error(
                    id: .null, RPCError(.invalidRequest, "a message longer than \(Self.longestMessage >> 20) MiB")))
            return
        }
        guard !LineAssembler.isBlank(line) else { return }
        do {
            handle(try parser.parse(line))
        } catch {
            send(RPCResponse.error(id: .null, RPCError(.parseError, "not JSON: \(error)")))
        }
    }

    /// What the reading thread hands on: a message's line, or a line too long to read.
    private enum Input: Sendable {
        case line([UInt8])
        case tooLong
    }

    private static func read(_ descriptor: Int32, into continuation: AsyncStream<Input>.Continuation) {
        var assembler = LineAssembler(maxLineBytes: longestMessage)
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { break }
            assembler.append(chunk[0..<count])
            while let piece = assembler.next() {
                if case .line(let line) = piece {
                    continuation.yield(.line(line))
                } else {
                    continuation.yield(.tooLong)
                }
            }
        }
        continuation.finish()
    }

    // MARK: messages

    private func handle(_ message: JSON) {
        // A response: this server sends no requests, so there is nothing it answers.
        guard message[WireName.method] != nil else { return }
        let request: RPCRequest
        switch RPCRequest.read(message) {
        case .success(let read): request = read
        case .failure(let failure):
            send(RPCResponse.error(id: failure.id.value, failure.error))
            return
        }
        guard let id = request.id else {
            if request.method == "notifications/cancelled", let cancelled = request.params[Member.requestId] {
                cancel(RPCRequestID(cancelled))
            }
            return
        }
        switch request.method {
        case "initialize":
            send(RPCResponse.result(id: id.value, Self.initializeResult(request.params)))
        case "ping":
            send(RPCResponse.result(id: id.value, .object(JSONObject())))
        case "tools/list":
            // It asks pickerd for the kinds' schemas (once a session), so it is answered when that ends, as a call is.
            respond(to: id) { [kindSchemas] in
                .object(
                    JSONObject([Member.tools: .array(ToolCatalog.tools(describedBy: await kindSchemas.optionSchemas()))]
                    ))
            }
        case "tools/call":
            start(request.params, id: id)
        default:
            send(
                RPCResponse.error(
                    id: id.value,
                    RPCError(
                        .methodNotFound,
                        "there is no method '\(request.method)'; this server has initialize, ping, tools/list and tools/call"
                    )))
        }
    }

    static func initializeResult(_ params: JSONObject) -> JSON {
        let asked = params[Member.protocolVersion]?.stringValue ?? ""
        var result = JSONObject()
        result[Member.protocolVersion] = .string(protocolVersions.contains(asked) ? asked : protocolVersions[0])
        result[Member.capabilities] = .object(
            JSONObject([Member.tools: .object(JSONObject([Member.listChanged: false]))]))
        result[Member.serverInfo] = .object(
            JSONObject([Member.name: "pickerd", .title: "pickerd", .version: .string(PickerdVersion.current)]))
        result[Member.instructions] =
            "Ask the person at this computer through pickerd's windows: ask_text, ask_date, choose (one of a list), pick (a row of each column, or down a tree), confirm and ask_form wait for the answer; approve asks to approve or reject what you are about to do (a rejection is an answer with the person's reason, not an error); present and await split a long wait over several calls (await takes only the windows present returned in this session). A cancel, a dismissal or a timeout is an error result that says so: do not ask again unless the person would want it. Never ask for passwords or other secrets."
        return .object(result)
    }

    private func start(_ params: JSONObject, id: RPCRequestID) {
        guard let name = params[Member.name]?.stringValue, let tool = ToolName(rawValue: name) else {
            let tools = ToolName.allCases.map(\.rawValue).joined(separator: ", ")
            send(
                RPCResponse.error(
                    id: id.value,
                    .invalidParams(
                        "unknown tool \(params[Member.name] ?? .null); the tools are \(tools)", field: "name")))
            return
        }
        let arguments: JSONObject
        switch params[Member.arguments] {
        case nil, .null?: arguments = JSONObject()
        case .object(let given)?: arguments = given
        case let other?:
            send(
                RPCResponse.error(
                    id: id.value,
                    .invalidParams("arguments must be an object, not \(other.typeDescription)", field: "arguments")))
            return
        }
        let progress = WaitingProgress.token(of: params).map { WaitingProgress(token: $0, interval: progressInterval) }
        respond(to: id, progress: progress) { [asker] in
            await asker.call(tool, arguments, activity: progress?.activity).json
        }
    }

    /// Answers `id` with what `work` gives, in a task of its own: a call
    /// the host cancels, or one still running when it goes away, is not answered.
    /// With `progress`, the host hears that the call still waits until it ends.
    private func respond(
        to id: RPCRequestID, progress: WaitingProgress? = nil, with work: @escaping @Sendable () async -> JSON
    ) {
        let task = Task { [self] in
            let ticking = progress.map { progress in Task { await progress.run { self.send($0) } } }
            let result = await work()
            // Its last notification is out before the result: none follows the answer.
            ticking?.cancel()
            await ticking?.value
            let isCancelled = calls.withLock { state in
                if state.running.removeValue(forKey: id) == nil { state.endedEarly.insert(id) }
                return state.cancelled.remove(id) != nil
            }
            if !isCancelled { send(RPCResponse.result(id: id.value, result)) }
        }
        calls.withLock { state in
            if state.endedEarly.remove(id) == nil { state.running[id] = task }
        }
    }

    private func cancel(_ id: RPCRequestID) {
        let task = calls.withLock { calls -> Task<Void, Never>? in
            guard let task = calls.running[id] else { return nil }
            calls.cancelled.insert(id)
            return task
        }
        task?.cancel()
    }

    /// Cancels the calls still running and waits for them a little, so their
    /// windows are dismissed before the process ends.
    private func stopCalls() async {
        let running = calls.withLock { calls in
            calls.cancelled.formUnion(calls.running.keys)
            return Array(calls.running.values)
        }
        guard !running.isEmpty else { return }
        for task in running { task.cancel() }
        await withTaskGroup(of: Void.self) { group in
            group.addTask { for task in running { await task.value } }
            group.addTask { try? await Task.sleep(for: .seconds(3)) }
            await group.next()
            group.cancelAll()
        }
    }

    private func send(_ message: JSON) {
        var bytes: [UInt8] = []
        message.serialize(into: &bytes)
        bytes.append(0x0A)
        writing.withLock { _ in write(bytes) }
    }
}
