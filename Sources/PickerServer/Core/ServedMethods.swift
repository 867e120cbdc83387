import PickerCore
import PickerJSON
import PickerProtocol
import PickerSystem

// What the daemon does for each method of PROTOCOL.md, once `MethodDispatch`
// has read its params and checked its permission.

extension Hello: ServedMethod {
    func serve(_ core: DaemonCore, _ call: MethodCall) throws -> Served<HelloReply> {
        if let protocolVersion, protocolVersion != PickerProtocolVersion.current {
            throw RPCError.invalidParams(
                "protocol \(protocolVersion) is not supported; this daemon speaks protocol \(PickerProtocolVersion.current)",
                field: "protocol")
        }
        // The relay (`pickerctl dial-stdio`) speaks first, then passes on the
        // far client's bytes: a later `remote` would be the far client's
        // own claim over the relay's.
        if let remote {
            guard !call.connection.hasSpoken else {
                throw RPCError.invalidParams(
                    "remote is taken only in a connection's first message, from the relay that speaks for it",
                    field: "remote")
            }
            call.connection.remoteName = ProcessNames.visible(remote)
        }
        if let client { call.connection.clientName = ProcessNames.visible(client) }
        return .result(core.hello(for: call.connection))
    }
}

extension Ping: ServedMethod {
    func serve(_ core: DaemonCore, _ call: MethodCall) throws -> Served<String> { .result("pong") }
}

extension Plugins: ServedMethod {
    func serve(_ core: DaemonCore, _ call: MethodCall) throws -> Served<[PluginDescription]> {
        .serialized(core.serializedPluginsAnswer)
    }
}

extension Present: ServedMethod {
    func serve(_ core: DaemonCore, _ call: MethodCall) throws -> Served<Result> {
        try core.present(self, call)
    }
}

extension Wait: ServedMethod {
    func serve(_ core: DaemonCore, _ call: MethodCall) throws -> Served<Outcome> {
        switch core.model.lookup(window) {
        case .unknown:
            throw RPCError(PickerError.noSuchWindow(window))
        case .dismissed(let outcome):
            return .result(outcome.wire(for: call.peer.uid))
        case .open:
            guard let reply = call.reply else { return .deferred }
            try core.checkWaiterQuota(call.connection, uid: call.peer.uid)
            if core.model.reattach(window, to: call.connection.id, uid: call.peer.uid) {
                core.logger.info(
                    "window \(window) adopted by its asker again: uid \(call.peer.uid) pid \(call.peer.pid) waits on it"
                )
            }
            core.addWaiter(
                for: window, reply: reply, uid: call.peer.uid, timeout: timeoutMilliseconds.map { .milliseconds($0) })
            return .deferred
        }
    }
}

extension Update: ServedMethod {
    func serve(_ core: DaemonCore, _ call: MethodCall) throws -> Served<WindowSummary> {
        let (window, connection) = (call.window, call.connection.id)
        try core.model.checkMover(of: window, connection: connection)
        if let external = try core.externalPlugin(of: window) {
            core.check(value, by: external.plugin, window: external.window, reply: call.reply) {
                normalized throws(PickerError) in
                try core.model.update(window: external.window, value: normalized, from: connection).json
            }
            return .deferred
        }
        return .result(try core.model.update(window: window, value: value, from: connection))
    }
}

extension Submit: ServedMethod {
    func serve(_ core: DaemonCore, _ call: MethodCall) throws -> Served<Outcome> {
        let (window, by, connection) = (call.window, call.actor, call.connection.id)
        try core.model.checkMover(of: window, connection: connection)
        if let external = try core.externalPlugin(of: window) {
            core.check(value, by: external.plugin, window: external.window, reply: call.reply) {
                normalized throws(PickerError) in
                try core.model.submit(window: external.window, value: normalized, by: by, from: connection).json(
                    revealingValue: true)
            }
            return .deferred
        }
        return .result(
            try core.model.submit(window: window, value: value, by: by, from: connection).wire(revealingValue: true))
    }
}

extension Cancel: ServedMethod {
    func serve(_ core: DaemonCore, _ call: MethodCall) throws -> Served<Outcome> {
        .result(try core.model.cancel(window: call.window, by: call.actor).wire(for: call.peer.uid))
    }
}

extension Dismiss: ServedMethod {
    func serve(_ core: DaemonCore, _ call: MethodCall) throws -> Served<[WindowID]> {
        switch selection {
        case .window(let window): return .result([try core.model.dismiss(window: window, by: call.actor).window])
        case .all: return .result(core.model.dismissAll(by: call.actor))
        case .level(let level): return .result(core.model.dismiss(level: try core.resolveLevel(level), by: call.actor))
        }
    }
}

/// `raise`, `lower`, `hide` and `show`: each move is the model's step of the
/// same name on its window.
protocol ModelStepMove: StackMove {
    /// The model's step, such as `PickerModel.raise(window:)`.
    static var step: ModelStep { get }
}

/// A step of the model on one window, answering its summary.
typealias ModelStep = (PickerModel) -> (WindowID) throws(PickerError) -> WindowSummary

extension StackMethod: ServedMethod where Move: ModelStepMove {
    func serve(_ core: DaemonCore, _ call: MethodCall) throws -> Served<WindowSummary> {
        .result(try Move.step(core.model)(window))
    }
}

extension Raising: ModelStepMove { static var step: ModelStep { PickerModel.raise(window:) } }
extension Lowering: ModelStepMove { static var step: ModelStep { PickerModel.lower(window:) } }
extension Hiding: ModelStepMove { static var step: ModelStep { PickerModel.hide(window:) } }
extension Showing: ModelStepMove { static var step: ModelStep { PickerModel.show(window:) } }

extension SetLevel: ServedMethod {
    /// Above statusBar needs `alert`, even on one's own window; unlike
    /// `present`, which still opens the window clamped, an arrangement that
    /// cannot be made is refused (-32002, `data.needs: "alert"`).
    func serve(_ core: DaemonCore, _ call: MethodCall) throws -> Served<WindowSummary> {
        let level = try core.resolveLevel(level)
        if level > .statusBar, !core.mayAlert(call.peer) { throw RPCError.permissionDenied(.alert, peer: call.peer) }
        return .result(try core.model.setLevel(window: window, to: level))
    }
}

extension List: ServedMethod {
    func serve(_ core: DaemonCore, _ call: MethodCall) throws -> Served<WindowList> {
        let level = try level.map { (spec) throws(RPCError) in try core.resolveLevel(spec) }
        return core.list(self, level: level, call)
    }
}

extension Get: ServedMethod {
    func serve(_ core: DaemonCore, _ call: MethodCall) throws -> Served<WindowDetails> {
        .result(try core.model.details(window: window))
    }
}

extension Subscribe: ServedMethod {
    func serve(_ core: DaemonCore, _ call: MethodCall) throws -> Served<String> {
        .result(try core.subscribe(self, call))
    }
}

extension Unsubscribe: ServedMethod {
    func serve(_ core: DaemonCore, _ call: MethodCall) throws -> Served<Bool> {
        guard core.subscriptionsRemove(subscription, of: call.connection.id) else {
            throw RPCError.invalidParams(
                "this connection has no subscription \(subscription.prefix(40))", field: "subscription")
        }
        return .result(true)
    }
}

extension History: ServedMethod {
    func serve(_ core: DaemonCore, _ call: MethodCall) throws -> Served<[Outcome]> {
        let outcomes =
            try core.storedHistory(limit: limit, window: window) ?? core.model.history(limit: limit, window: window)
        return .result(outcomes.map(\.historyEntry))
    }
}

extension Status: ServedMethod {
    func serve(_ core: DaemonCore, _ call: MethodCall) throws -> Served<DaemonStatus> { .result(core.status) }
}

extension Quiet: ServedMethod {
    func serve(_ core: DaemonCore, _ call: MethodCall) throws -> Served<QuietHours?> {
        switch setting {
        case .on(let below, let until):
            return .result(try core.model.startQuietHours(below: core.resolveLevel(below, param: .below), until: until))
        case .off:
            core.model.endQuietHours()
            return .result(nil)
        }
    }
}

extension Browse: ServedMethod {
    func serve(_ core: DaemonCore, _ call: MethodCall) throws -> Served<BrowseListing> {
        try core.browse(self, call)
    }
}

extension Reload: ServedMethod {
    func serve(_ core: DaemonCore, _ call: MethodCall) throws -> Served<Bool> {
        let reply = call.reply
        core.reload { result in
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
    }
}
