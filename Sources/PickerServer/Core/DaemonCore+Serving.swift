import NIOCore
import PickerCore
import PickerJSON
import PickerProtocol

/// The methods with more to them than one call into the model (see `ServedMethods`).
extension DaemonCore {
    // MARK: methods with more to them

    /// The external program that checks values of this window's kind, if any.
    func externalPlugin(of window: WindowID?) throws(PickerError) -> (plugin: ExternalPlugin, window: WindowID)? {
        guard !plugins.isEmpty, let id = window ?? model.keyWindow else { return nil }
        guard let plugin = plugins[try model.details(window: id).summary.kind] else { return nil }
        return (plugin, id)
    }

    /// Asks the external plugin first; its normalized value then goes through
    /// the base kind's own check in `apply`, in a turn of its own, and the
    /// answer follows. Other requests go on meanwhile.
    func check(
        _ value: JSON, by plugin: ExternalPlugin, window: WindowID, reply: ResponseSink?,
        apply: @escaping (JSON) throws(PickerError) -> JSON
    ) {
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
                        if case .invalidParams = error {
                            reply?.deliver(
                                .failure(
                                    RPCError(
                                        .internalError,
                                        "the \(plugin.kind) plugin answered a value its base kind refuses; the plugin is at fault"
                                    )))
                        } else {
                            reply?.deliver(.failure(RPCError(error)))
                        }
                    }
                }
            }
        }
    }

    /// `hello`'s answer for this connection.
    func hello(for connection: any Connection) -> HelloReply {
        var limits = Limit.allCases.map { HelloReply.Named($0.key, Int64(configuration.limits[$0])) }
        limits.append(HelloReply.Named("max_timeout_ms", configuration.maxTimeoutMilliseconds))
        let levels = model.levels.levelsByName.sorted { $0.value < $1.value }.map {
            HelloReply.Named($0.key, Int64($0.value.value))
        }
        return HelloReply(
            server: "pickerd", version: PickerdVersion.current, protocolVersion: PickerProtocolVersion.current,
            levels: levels,
            kinds: model.plugins.kinds, permissions: permissions(of: connection).sorted(), limits: limits)
    }

    /// `defaultChecked`: the `default` is what the kind's external program
    /// made of it (`checkDefault`), or there is no such program.
    func present(_ request: Present, _ call: MethodCall, defaultChecked: Bool = false) throws -> Served<Present.Result>
    {
        let limits = configuration.limits
        guard model.openWindowCount(presentedOver: call.connection.id) < limits.maxWindowsPerConnection else {
            throw RPCError.limitReached(
                "this connection already has \(limits.maxWindowsPerConnection) open windows, its limit (limits.max_windows_per_connection)",
                limit: Limit.maxWindowsPerConnection)
        }
        try limits.checkLength(of: request.title, named: "title", limit: .maxTitleBytes)
        try limits.checkLength(of: request.message, named: "message", limit: .maxMessageBytes)
        try limits.checkLength(of: request.tag, named: "tag", limit: .maxTagBytes)
        let asked = try request.level.map { (spec) throws(RPCError) in try resolveLevel(spec) } ?? .normal
        // Above statusBar needs `alert`: without it the window still opens, at statusBar, and says what it asked.
        let clamped = asked > .statusBar && !mayAlert(call.peer)
        if request.wait { try checkWaiterQuota(call.connection, uid: call.peer.uid) }
        if !defaultChecked, request.defaultValue != nil, let plugin = plugins[request.kind] {
            return try checkDefault(of: request, by: plugin, call)
        }
        let summary = try model.present(
            request, at: clamped ? .statusBar : asked, clampedFrom: clamped ? asked : nil,
            owner: Owner(peer: call.connection.asker ?? AskerIdentity.peer(call.peer), connection: call.connection.id))
        if request.browsable, summary.builtInKind == .file {
            browseRelay.setOwner(call.connection.id, of: summary.window) { model.owner(of: $0) != nil }
        }
        guard request.wait, let reply = call.reply else { return .result(.window(summary)) }
        addWaiter(for: summary.window, reply: reply, uid: call.peer.uid, timeout: nil)
        return .deferred
    }

    /// Whether `peer` may place a window above `statusBar` (the `alert` permission).
    func mayAlert(_ peer: PeerCredentials) -> Bool {
        policy.permissions(for: peer).contains(.alert)
    }

    /// A new subscription's id.
    func subscribe(_ request: Subscribe, _ call: MethodCall) throws(RPCError) -> String {
        let (connection, peer) = (call.connection, call.peer)
        let limit = configuration.limits.maxSubscriptionsPerConnection
        guard subscriptions.count(of: connection.id) < limit else {
            throw .limitReached(
                "this connection already has \(limit) subscriptions, its limit (limits.max_subscriptions_per_connection)",
                limit: .maxSubscriptionsPerConnection)
        }
        let quota = Quota(
            perUser: configuration.limits.maxSubscriptionsPerUser, perUserLimit: .maxSubscriptionsPerUser, total: nil,
            totalLimit: nil, noun: "subscriptions", exempt: connections.quotaExempt)
        if let refusal = quota.refusal(
            uid: peer.uid, ownCount: subscriptions.count(ownedBy: peer.uid), total: subscriptions.count)
        {
            connections.logRefusal(refusal, uid: peer.uid)
            throw refusal
        }
        // Filters become the set of types they name, so matching an event costs
        // the same however many filters were given.
        var kinds = Set<PickerEvent.Kind>()
        let filters = Set(request.events)
        for filter in filters {
            let named = PickerEvent.Kind.allCases.filter { $0.rawValue.hasPrefix(filter) }
            guard !named.isEmpty else {
                let known = PickerEvent.Kind.allCases.map(\.rawValue).joined(separator: ", ")
                throw RPCError.invalidParams(
                    "no event type starts with '\(filter.prefix(40))'; the types are \(known)", field: "events")
            }
            kinds.formUnion(named)
        }
        if filters.isEmpty { kinds = Set(PickerEvent.Kind.allCases) }
        return subscriptionsAdd(connection: connection.id, uid: peer.uid, kinds: kinds, windows: Set(request.windows))
    }

    var status: DaemonStatus {
        DaemonStatus(
            version: PickerdVersion.current, uptimeMilliseconds: uptimeMilliseconds, visibleWindows: model.visibleCount,
            hiddenWindows: model.hiddenCount, waitingWindows: model.waitingCount, key: model.keyWindow,
            connections: connections.count,
            subscriptions: subscriptions.count, quiet: model.quietHours, counters: model.counters)
    }

    func storedHistory(limit: Int, window: WindowID?) throws -> [RecordedOutcome]? {
        try store.history(limit: limit, window: window, now: model.clock.now())
    }
}
