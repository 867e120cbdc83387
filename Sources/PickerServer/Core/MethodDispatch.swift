import PickerCore
import PickerJSON
import PickerProtocol

/// One request on its way through a method: who sent it, and where a
/// deferred answer goes.
struct MethodCall {
    let connection: any Connection
    let peer: PeerCredentials
    /// nil for a notification.
    let reply: ResponseSink?
    /// The window the request acts on, as its permission was checked: an
    /// omitted `window` is the key window of that moment (`DaemonCore.resolve`).
    var window: WindowID? = nil

    /// Who acts, as an outcome's `by` records it: the kernel's uid and pid,
    /// the user's and the process's names, the front-end (`hello`'s client) and
    /// the remote host it relays for (`hello`'s remote).
    var actor: Peer {
        var actor = AskerIdentity.peer(peer)
        actor.client = connection.clientName
        actor.remote = connection.remoteName
        return actor
    }
}

/// What serving a method gives: its result now, or later through the reply.
enum Served<Result> {
    case result(Result)
    /// The result's text, serialized already (an answer kept for reuse).
    case serialized([UInt8])
    case deferred
}

/// A method of the protocol as the daemon serves it (`ServedMethods.swift`).
protocol ServedMethod: PickerMethod {
    /// Runs the request once its params are read and its permission checked.
    func serve(_ core: DaemonCore, _ call: MethodCall) throws -> Served<Result>
    /// Reads, checks and serves one request of this method, and delivers its
    /// result to `call.reply` unless the method answers later itself.
    static func run(_ params: JSONMembers, _ core: DaemonCore, _ call: MethodCall) throws
}

extension ServedMethod {
    static func run(_ params: JSONMembers, _ core: DaemonCore, _ call: MethodCall) throws {
        let request = try Self(params: params)
        let target = core.resolve(request.target)
        try core.authorize(Self.permission, for: target, call.peer)
        var call = call
        if case .window(let window) = target { call.window = window }
        switch try request.serve(core, call) {
        // Written straight into the answer's bytes (no `JSON` tree for a summary or an outcome).
        case .result(let result): call.reply?.deliver(resultWrittenBy: { Self.encode(result, into: &$0) })
        case .serialized(let text): call.reply?.deliver(serializedResult: text)
        case .deferred: break
        }
    }
}

extension DaemonCore {
    /// Every method of `PickerMethods.all`, by name. A method without a
    /// handler stops the daemon at its first request, which every test run
    /// makes, rather than answering "no such method" for a documented one.
    static let servedMethods: [String: any ServedMethod.Type] = Dictionary(
        uniqueKeysWithValues: PickerMethods.all.map { method in
            guard let served = method as? any ServedMethod.Type else {
                preconditionFailure("the daemon has no handler for the method \(method.name)")
            }
            return (method.name, served)
        })

    /// Runs a request; its result goes to `reply` (now, or later for a deferred answer).
    func dispatch(_ request: RPCEnvelope, from connection: any Connection, reply: ResponseSink?) throws(RPCError) {
        guard let peer = connection.peer else { throw RPCError(.internalError, "connection has no credentials yet") }
        let method = request.method
        guard let served = Self.servedMethods[method] else {
            throw RPCError(
                .methodNotFound,
                "no method '\(method.prefix(40))'; the methods are \(PickerMethods.names.joined(separator: ", "))")
        }
        do {
            try served.run(request.params, self, MethodCall(connection: connection, peer: peer, reply: reply))
        } catch let error as RPCError {
            throw error
        } catch let error as PickerError {
            throw RPCError(error)
        } catch {
            logger.error("internal error in \(method): \(error)")
            throw RPCError(.internalError, "internal error in \(method); it has been logged")
        }
    }

    // MARK: permissions

    /// The one place permissions are checked: a method on the daemon needs its
    /// permission; a method on a window needs it unless the caller's uid
    /// presented that window (while it is open and while its outcome is
    /// retained). An omitted window is the key window.
    func authorize(_ permission: Permission?, for target: MethodTarget, _ peer: PeerCredentials) throws(RPCError) {
        guard let permission else { return }
        if case .window(let window?) = target, model.presenter(of: window)?.uid == peer.uid {
            return
        }
        guard policy.permissions(for: peer).contains(permission) else {
            throw RPCError.permissionDenied(permission, peer: peer)
        }
    }

    /// An omitted window made concrete: the key window once due timers have
    /// fired, so the window whose rights are checked is the one acted on
    /// (a key window timing out in between must not hand the request to the next).
    func resolve(_ target: MethodTarget) -> MethodTarget {
        guard case .window(nil) = target else { return target }
        model.fireDueTimers()
        return .window(model.keyWindow)
    }

    /// The level a param names; a mistake is said of `param` (`below: unknown level 'urgent'; …`).
    func resolveLevel(_ spec: LevelSpec, param: WireName = .level) throws(RPCError) -> Level {
        do {
            switch spec {
            case .named(let name): return try model.levels.resolve(name)
            case .value(let value): return try model.levels.resolve(value)
            }
        } catch {
            guard param != .level, case .invalidParams(let message, _) = error else { throw RPCError(error) }
            throw RPCError.invalidParams("\(param.jsonKey): \(message)", field: param.jsonKey)
        }
    }
}
