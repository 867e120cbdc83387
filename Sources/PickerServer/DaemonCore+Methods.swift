import NIOCore
import PickerCore
import PickerJSON
import PickerProtocol

/// Every method of PROTOCOL.md: read the params, check the permission, ask the model.
extension DaemonCore {
    enum MethodResult {
        case result(JSON)
        /// The answer comes later through the request's sink (`wait`).
        case deferred
    }

    func dispatch(_ request: RPCRequest, from connection: ConnectionHandler, reply: ResponseSink?) throws(RPCError)
        -> MethodResult
    {
        guard let peer = connection.peer else { throw RPCError(.internalError, "connection has no credentials yet") }
        let params = request.params
        let method = request.method
        do {
            switch method {
            case "hello":
                return .result(try hello(ParamsReader(params, method: method, known: ["client", "protocol"]), connection))
            case "ping":
                _ = try ParamsReader(params, method: method, known: [])
                return .result("pong")
            case "plugins":
                _ = try ParamsReader(params, method: method, known: [])
                return .result(model.pluginDescriptions)
            case "present":
                return try present(
                    ParamsReader(
                        params, method: method,
                        known: [
                            "kind", "title", "message", "level", "options", "timeout_ms", "default", "tag", "hidden",
                            "on_disconnect", "wait",
                        ]), connection, peer, reply)
            case "wait":
                return try wait(ParamsReader(params, method: method, known: ["window", "timeout_ms"]), connection, peer, reply)
            case "update":
                let reader = try ParamsReader(params, method: method, known: ["window", "value"])
                let window = try authorize(.answer, reader, connection, peer, keyAllowed: true)
                guard let value = reader.params["value"] else { throw reader.missing("value") }
                if let external = try externalPlugin(of: window) {
                    return checked(value, by: external.plugin, window: external.window, reply: reply) { [self] normalized throws(PickerError) in
                        try model.update(window: external.window, value: normalized).json
                    }
                }
                return .result(try model.update(window: window, value: value).json)
            case "submit":
                let reader = try ParamsReader(params, method: method, known: ["window", "value"])
                let window = try authorize(.answer, reader, connection, peer, keyAllowed: true)
                guard let value = reader.params["value"] else { throw reader.missing("value") }
                let by = Peer(uid: peer.uid, pid: peer.pid)
                if let external = try externalPlugin(of: window) {
                    return checked(value, by: external.plugin, window: external.window, reply: reply) { [self] normalized throws(PickerError) in
                        try model.submit(window: external.window, value: normalized, by: by).json(revealingValue: true)
                    }
                }
                let outcome = try model.submit(window: window, value: value, by: by)
                return .result(outcome.json(revealingValue: true))
            case "cancel":
                let reader = try ParamsReader(params, method: method, known: ["window"])
                let window = try authorize(.answer, reader, connection, peer, keyAllowed: true)
                return .result(try model.cancel(window: window, by: Peer(uid: peer.uid, pid: peer.pid)).json(for: peer.uid))
            case "dismiss":
                return .result(try dismiss(ParamsReader(params, method: method, known: ["window", "all", "level"]), connection, peer))
            case "raise", "lower", "hide", "show":
                let reader = try ParamsReader(params, method: method, known: ["window"])
                let window = try authorize(.manage, reader, connection, peer, keyAllowed: false)!
                switch method {
                case "raise": return .result(try model.raise(window: window).json)
                case "lower": return .result(try model.lower(window: window).json)
                case "hide": return .result(try model.hide(window: window).json)
                default: return .result(try model.show(window: window).json)
                }
            case "set_level":
                let reader = try ParamsReader(params, method: method, known: ["window", "level"])
                let window = try authorize(.manage, reader, connection, peer, keyAllowed: false)!
                guard let level = reader["level"] else { throw reader.missing("level") }
                return .result(try model.setLevel(window: window, to: resolveLevel(level)).json)
            case "list":
                let reader = try ParamsReader(params, method: method, known: ["include_hidden", "level"])
                try require(.observe, connection, peer)
                let level = try reader["level"].map { (json) throws(RPCError) in try resolveLevel(json) }
                return .result(model.list(includeHidden: try reader.bool("include_hidden") ?? true, level: level).json)
            case "get":
                let reader = try ParamsReader(params, method: method, known: ["window"])
                let window = try authorize(.observe, reader, connection, peer, keyAllowed: false)!
                return .result(try model.details(window: window).json)
            case "subscribe":
                return .result(try subscribe(ParamsReader(params, method: method, known: ["events", "windows"]), connection, peer))
            case "unsubscribe":
                let reader = try ParamsReader(params, method: method, known: ["subscription"])
                let id = try reader.requiredString("subscription")
                guard subscriptionsRemove(id, of: connection.id) else {
                    throw RPCError.invalidParams("this connection has no subscription \(id.prefix(40))", field: "subscription")
                }
                return .result(true)
            case "history":
                let reader = try ParamsReader(params, method: method, known: ["limit", "window"])
                try require(.observe, connection, peer)
                let limit = Int(try reader.integer("limit", in: 1...100_000) ?? 50)
                let window = try reader.string("window").map(WindowID.init)
                let outcomes = try storedHistory(limit: limit, window: window) ?? model.history(limit: limit, window: window)
                return .result(["outcomes": .array(outcomes.map { $0.json(revealingValue: false) })])
            case "status":
                _ = try ParamsReader(params, method: method, known: [])
                try require(.observe, connection, peer)
                return .result(status)
            case "reload":
                _ = try ParamsReader(params, method: method, known: [])
                try require(.admin, connection, peer)
                reload { result in
                    switch result {
                    case .success: reply?.deliver(.success(true))
                    case .failure(let problems):
                        reply?.deliver(
                            .failure(
                                RPCError(
                                    .invalidParams,
                                    "the config was not reloaded (the daemon keeps its current one): \(problems.description.replacingNewlines())",
                                    data: ["problems": .array(problems.problems.map { .string($0.description) })])))
                    }
                }
                return .deferred
            default:
                throw RPCError(
                    .methodNotFound,
                    "no method '\(method.prefix(40))'; the methods are hello, ping, plugins, present, wait, update, submit, cancel, dismiss, raise, lower, hide, show, set_level, list, get, subscribe, unsubscribe, history, status, reload"
                )
            }
        } catch let error as RPCError {
            throw error
        } catch let error as PickerError {
            throw RPCError(error)
        } catch {
            logger.error("internal error in \(method): \(error)")
            throw RPCError(.internalError, "internal error in \(method); it has been logged")
        }
    }

    // MARK: methods with more to them

    /// The external program that checks values of this window's kind, if any.
    private func externalPlugin(of window: WindowID?) throws(PickerError) -> (plugin: ExternalPlugin, window: WindowID)? {
        guard !externalPlugins.isEmpty, let id = window ?? model.keyWindow else { return nil }
        guard let plugin = externalPlugins[try model.details(window: id).summary.kind] else { return nil }
        return (plugin, id)
    }

    /// Asks the external plugin first; its normalized value then goes through
    /// the base kind's own check in `apply`, in a turn of its own, and the
    /// answer follows. Other requests go on meanwhile.
    private func checked(
        _ value: JSON, by plugin: ExternalPlugin, window: WindowID, reply: ResponseSink?,
        apply: @escaping (JSON) throws(PickerError) -> JSON
    ) -> MethodResult {
        // Given to the plugin as the window's options (secrets are the value's, not the options').
        let options = (try? model.details(window: window).options) ?? .object([:])
        let isSecret = model.holdsSecret(value, window: window)
        plugin.validate(value: value, options: options, window: window.rawValue, isSecret: isSecret) { [self] result in
            runAsTurn {
                switch result {
                case .failure(let error):
                    reply?.deliver(.failure(error))
                case .success(let normalized):
                    do throws(PickerError) {
                        let answer = try apply(normalized)
                        reply?.deliver(.success(answer))
                    } catch {
                        // A lying plugin: what it calls normal is not a value of its kind.
                        if case .invalidParams(let message, _) = error {
                            reply?.deliver(
                                .failure(RPCError(.internalError, "the \(plugin.kind) plugin answered a value its base kind refuses; the plugin is at fault")))
                        } else {
                            reply?.deliver(.failure(RPCError(error)))
                        }
                    }
                }
            }
        }
        return .deferred
    }

    private func hello(_ reader: ParamsReader, _ connection: ConnectionHandler) throws(RPCError) -> JSON {
        if let version = try reader.integer("protocol", in: Int64.min...Int64.max), version != PickerProtocolVersion.current {
            throw RPCError.invalidParams(
                "protocol \(version) is not supported; this daemon speaks protocol \(PickerProtocolVersion.current)",
                field: "protocol")
        }
        _ = try reader.string("client")
        var limits = JSONObject(Limit.allCases.map { ($0.key, JSON.integer(Int64(configuration.limits[$0]))) })
        limits["max_timeout_ms"] = .integer(configuration.maxTimeoutMilliseconds)
        let levels = JSONObject(model.levels.levelsByName.sorted { $0.value < $1.value }.map { ($0.key, JSON.integer(Int64($0.value.value))) })
        return [
            "server": "pickerd", "version": .string(PickerdVersion.current), "protocol": .integer(PickerProtocolVersion.current),
            "levels": .object(levels), "kinds": .array(model.plugins.kinds.map(JSON.string)),
            "permissions": .array(permissions(of: connection).sorted().map { .string($0.rawValue) }),
            "limits": .object(limits),
        ]
    }

    private func present(
        _ reader: ParamsReader, _ connection: ConnectionHandler, _ peer: PeerCredentials, _ reply: ResponseSink?
    ) throws -> MethodResult {
        try require(.present, connection, peer)
        let limits = configuration.limits
        guard model.openWindowCount(presentedOver: connection.id) < limits.maxWindowsPerConnection else {
            throw RPCError.limitReached(
                "this connection already has \(limits.maxWindowsPerConnection) open windows, its limit (limits.max_windows_per_connection)", limit: Limit.maxWindowsPerConnection)
        }
        var request = PresentRequest(kind: try reader.requiredString("kind"))
        request.title = try reader.string("title", maxBytes: limits.maxTitleBytes, limit: .maxTitleBytes)
        request.message = try reader.string("message", maxBytes: limits.maxMessageBytes, limit: .maxMessageBytes)
        if let level = reader["level"] { request.level = try resolveLevel(level) }
        request.options = try reader.object("options") ?? JSONObject()
        request.timeoutMilliseconds = try reader.integer("timeout_ms", in: 1...Int64.max)
        request.defaultValue = reader["default"]
        request.tag = try reader.string("tag", maxBytes: limits.maxTagBytes, limit: .maxTagBytes)
        request.isHidden = try reader.bool("hidden") ?? false
        if let policy = try reader.string("on_disconnect") {
            guard let value = DisconnectPolicy(rawValue: policy) else {
                throw RPCError.invalidParams("on_disconnect must be keep or dismiss, not '\(policy.prefix(20))'", field: "on_disconnect")
            }
            request.onDisconnect = value
        }
        let waits = try reader.bool("wait") ?? false
        if waits { try checkWaiterQuota(connection, uid: peer.uid) }
        let summary = try model.present(request, owner: Owner(peer: Peer(uid: peer.uid, pid: peer.pid), connection: connection.id))
        guard waits, let reply else { return .result(summary.json) }
        addWaiter(for: summary.window, reply: reply, uid: peer.uid, timeout: nil)
        return .deferred
    }

    private func wait(
        _ reader: ParamsReader, _ connection: ConnectionHandler, _ peer: PeerCredentials, _ reply: ResponseSink?
    ) throws(RPCError) -> MethodResult {
        let window = WindowID(try reader.requiredString("window"))
        let timeout = try reader.integer("timeout_ms", in: 1...Int64(Int32.max) * 1000)
        try mayAct(.observe, on: window, peer)
        switch model.lookup(window) {
        case .unknown:
            throw RPCError(PickerError.noSuchWindow(window))
        case .dismissed(let outcome):
            return .result(outcome.json(for: peer.uid))
        case .open:
            guard let reply else { return .result(.null) }
            try checkWaiterQuota(connection, uid: peer.uid)
            addWaiter(for: window, reply: reply, uid: peer.uid, timeout: timeout.map { .milliseconds($0) })
            return .deferred
        }
    }

    private func dismiss(_ reader: ParamsReader, _ connection: ConnectionHandler, _ peer: PeerCredentials) throws -> JSON {
        let selectors = ["window", "all", "level"].filter(reader.has)
        guard selectors.count == 1 else {
            throw RPCError.invalidParams("dismiss needs exactly one of window, all: true, or level")
        }
        let actor = Peer(uid: peer.uid, pid: peer.pid)
        let dismissed: [WindowID]
        switch selectors[0] {
        case "window":
            let window = try authorize(.manage, reader, connection, peer, keyAllowed: false)!
            dismissed = [try model.dismiss(window: window, by: actor).window]
        case "all":
            guard try reader.bool("all") == true else { throw RPCError.invalidParams("all must be true", field: "all") }
            try require(.manage, connection, peer)
            dismissed = model.dismissAll(by: actor)
        default:
            try require(.manage, connection, peer)
            dismissed = model.dismiss(level: try resolveLevel(reader["level"]!), by: actor)
        }
        return ["dismissed": .array(dismissed.map { .string($0.rawValue) })]
    }

    private func subscribe(_ reader: ParamsReader, _ connection: ConnectionHandler, _ peer: PeerCredentials) throws(RPCError)
        -> JSON
    {
        try require(.observe, connection, peer)
        let limit = configuration.limits.maxSubscriptionsPerConnection
        guard subscriptions.count(of: connection.id) < limit else {
            throw .limitReached("this connection already has \(limit) subscriptions, its limit (limits.max_subscriptions_per_connection)", limit: .maxSubscriptionsPerConnection)
        }
        let quota = Quota(
            perUser: configuration.limits.maxSubscriptionsPerUser, perUserLimit: .maxSubscriptionsPerUser, total: nil,
            totalLimit: nil, noun: "subscriptions", exempt: quotaExempt)
        if let refusal = quota.refusal(uid: peer.uid, ownCount: subscriptions.count(ownedBy: peer.uid), total: subscriptions.count) {
            logRefusal(refusal, uid: peer.uid)
            throw refusal
        }
        // Filters become the set of types they name, so matching an event costs
        // the same however many filters were given.
        var kinds = Set<PickerEvent.Kind>()
        let filters = Set(try reader.strings("events") ?? [])
        for filter in filters {
            let named = PickerEvent.Kind.allCases.filter { $0.rawValue.hasPrefix(filter) }
            guard !named.isEmpty else {
                let known = PickerEvent.Kind.allCases.map(\.rawValue).joined(separator: ", ")
                throw RPCError.invalidParams("no event type starts with '\(filter.prefix(40))'; the types are \(known)", field: "events")
            }
            kinds.formUnion(named)
        }
        if filters.isEmpty { kinds = Set(PickerEvent.Kind.allCases) }
        let windows = Set((try reader.strings("windows") ?? []).map(WindowID.init))
        return ["subscription": .string(subscriptionsAdd(connection: connection.id, uid: peer.uid, kinds: kinds, windows: windows))]
    }

    private var status: JSON {
        [
            "version": .string(PickerdVersion.current), "uptime_ms": .integer(uptimeMilliseconds),
            "windows": ["visible": .integer(Int64(model.visibleCount)), "hidden": .integer(Int64(model.hiddenCount))],
            "key": model.keyWindow.map { .string($0.rawValue) } ?? .null,
            "connections": .integer(Int64(connections.count)), "subscriptions": .integer(Int64(subscriptions.count)),
            "counters": model.counters.json,
        ]
    }

    // MARK: permissions

    private func require(_ permission: Permission, _ connection: ConnectionHandler, _ peer: PeerCredentials) throws(RPCError) {
        guard policy.permissions(for: peer).contains(permission) else {
            throw RPCError.permissionDenied(permission, peer: peer)
        }
    }

    /// The window a request targets (the key window when it may be omitted), once
    /// the peer may act on it (`mayAct`).
    private func authorize(
        _ permission: Permission, _ reader: ParamsReader, _ connection: ConnectionHandler, _ peer: PeerCredentials,
        keyAllowed: Bool
    ) throws(RPCError) -> WindowID? {
        let named = try reader.string("window").map(WindowID.init)
        if named == nil, !keyAllowed { throw reader.missing("window") }
        try mayAct(permission, on: named ?? model.keyWindow, peer)
        return named
    }

    /// The one rule of who may act on a window: the user (uid) that presented
    /// it always may, while it is open and while its outcome is retained;
    /// anyone else needs `permission`.
    private func mayAct(_ permission: Permission, on window: WindowID?, _ peer: PeerCredentials) throws(RPCError) {
        if let window, model.presenter(of: window)?.uid == peer.uid { return }
        guard policy.permissions(for: peer).contains(permission) else {
            throw RPCError.permissionDenied(permission, peer: peer)
        }
    }

    private func resolveLevel(_ json: JSON) throws(RPCError) -> Level {
        do {
            if let name = json.stringValue { return try model.levels.resolve(name) }
            if let value = json.integerValue { return try model.levels.resolve(Int(clamping: value)) }
        } catch {
            throw RPCError(error)
        }
        throw RPCError.invalidParams("level must be a level name or an integer, not \(json.typeDescription)", field: "level")
    }
}
