import PickerCore
import PickerJSON
import PickerProtocol

/// A `present` with a `default` for a kind checked by an external program:
/// the default is checked and normalized by the program, as a submitted value
/// is, before the window exists, so that a timeout never answers with a value
/// the kind refuses, nor with one it would have written otherwise.
extension DaemonCore {
    /// Checks what the kind's base can check at once (options, the default's
    /// shape), then asks the program without holding the event loop; the
    /// window is presented, in a turn of its own, only once the program
    /// accepts. A refusal is the present's -32602 (`invalid default: …`,
    /// field `default`), and no window was ever shown.
    func checkDefault(of request: Present, by plugin: ExternalPlugin, _ call: MethodCall) throws -> Served<
        Present.Result
    > {
        let connection = call.connection.id
        // A window in the making is one of the connection's: pipelined presents may not pass the limit meanwhile.
        let limit = configuration.limits.maxWindowsPerConnection
        guard model.openWindowCount(presentedOver: connection) + plugins.defaultChecks(over: connection) < limit else {
            throw RPCError.limitReached(
                "this connection already has \(limit) open windows or windows being presented, its limit (limits.max_windows_per_connection)",
                limit: Limit.maxWindowsPerConnection)
        }
        let checked = try model.check(request)
        let requested = request.defaultValue ?? .null
        plugins.defaultCheckBegins(over: connection)
        // The program answers every call, if only by its timeout (plugins.timeout_ms).
        plugin.validate(value: requested, options: checked.options, window: nil, isSecret: checked.defaultHoldsSecret) {
            [self] result in
            plugins.defaultCheckEnds(over: connection)
            runAsTurn {
                // The asker left while the program ran: nobody would own the window.
                guard connections[call.connection.id] != nil, !call.connection.isClosing else { return }
                do {
                    if case .result(let presented) = try presentChecked(
                        request, normalizedDefault: result, by: plugin, call)
                    {
                        call.reply?.deliver(.success(Present.encode(presented)))
                    }
                } catch let error as RPCError {
                    call.reply?.deliver(.failure(error))
                } catch let error as PickerError {
                    call.reply?.deliver(.failure(RPCError(error)))
                } catch {
                    logger.error("internal error in present: \(error)")
                    call.reply?.deliver(
                        .failure(RPCError(.internalError, "internal error in present; it has been logged")))
                }
            }
        }
        return .deferred
    }

    /// Presents with the program's default (its answer deferred with `wait`).
    private func presentChecked(
        _ request: Present, normalizedDefault result: Result<JSON, RPCError>, by plugin: ExternalPlugin,
        _ call: MethodCall
    ) throws -> Served<Present.Result> {
        var request = request
        switch result {
        case .failure(let error) where error.code == .invalidParams:
            throw RPCError.invalidParams("invalid default: \(error.message)", field: WireName.default.jsonKey)
        case .failure(let error):
            throw error
        case .success(let normalized):
            request.defaultValue = normalized
        }
        do {
            _ = try model.check(request)
        } catch {
            // A lying program: what it calls normal is not a value of its kind.
            throw RPCError(
                .internalError,
                "the \(plugin.kind) plugin answered a default its base kind refuses; the plugin is at fault")
        }
        return try present(request, call, defaultChecked: true)
    }
}
