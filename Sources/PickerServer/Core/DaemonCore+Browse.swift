import NIOCore
import PickerCore
import PickerJSON
import PickerProtocol

/// `browse`, relayed (PROTOCOL.md, `file`): a front-end's request goes on to
/// the window's owner as a request of the daemon's own, and the owner's
/// answer, checked as untrusted input, comes back. The daemon reads no file.
extension DaemonCore {
    static let noLister =
        "this window's asker does not list its files (it did not present it with browsable: true, or it is gone); type a path instead"

    func browse(_ request: Browse, _ call: MethodCall) throws -> Served<BrowseListing> {
        let details = try model.details(window: request.window)
        guard details.summary.builtInKind == .file else {
            throw RPCError.invalidParams("window \(request.window) is not a file window; only those are browsed")
        }
        let root = FileSelection(options: details.options).root
        guard FilePathText.isNormalizedAbsolute(request.path), FilePathText.isInside(request.path, root: root) else {
            throw RPCError.invalidParams(
                "path must be an absolute, normalized directory inside \(root.prefix(80))", field: WireName.path.jsonKey
            )
        }
        guard let reply = call.reply else { return .deferred }  // a notification is answered by no one
        let asker = call.connection.id
        guard browseRelay.admit(asker, now: eventLoop.now) else {
            throw RPCError(
                .limitReached,
                "too many browse requests: at most \(BrowseRelay.mostWaitingPerConnection) waiting and \(BrowseRelay.mostPerWindow) a second per connection",
                data: .object(JSONObject([WireName.limit: "browse_rate"])))
        }
        guard let ownerID = browseRelay.owners[request.window], model.owner(of: request.window)?.connection == ownerID,
            let owner = connections.all[ownerID], !owner.isClosing
        else {
            throw RPCError(.browseUnavailable, Self.noLister)
        }
        let id = browseRelay.takeID()
        let timer = eventLoop.assumeIsolated().scheduleTask(in: BrowseRelay.timeout) { [self] in
            guard let late = browseRelay.take(id) else { return }
            late.reply.deliver(
                .failure(
                    RPCError(
                        .browseUnavailable,
                        "this window's asker did not list \(late.path.prefix(80)) in time; type a path instead")))
        }
        browseRelay.add(
            id, BrowseRelay.Relayed(reply: reply, owner: ownerID, asker: asker, path: request.path, timer: timer))
        owner.send(RPCRequest(id: .string(id), method: Browse.name, params: request.params).json)
        return .deferred
    }

    static let illMadeListing = RPCError(
        .browseUnavailable, "this window's asker answered a listing that is not well made; type a path instead")

    /// A line the parser refused for holding too many elements, when it is an
    /// owner's answer to a `browse` (no `method`, and the id of a browse this
    /// daemon sent that connection): that browse fails at once, rather than
    /// when its time is up, and the owner is not answered. False for any
    /// other line.
    func browseAnswerTooLarge(_ partial: JSONDocument?, id: RPCRequestID, from connection: any Connection) -> Bool {
        guard let object = partial?.value.objectView, object[WireName.method.jsonKey] == nil,
            let id = id.value.stringValue, let relayed = browseRelay.take(id, answeredBy: connection.id)
        else { return false }
        relayed.timer.cancel()
        relayed.reply.deliver(.failure(Self.illMadeListing))
        return true
    }

    /// An owner's answer to a `browse` the daemon sent it. Any other answer
    /// (an id the daemon never sent, or sent to another connection, or one
    /// that timed out) is dropped: a client's answers get no answer.
    func browseAnswered(_ element: JSONValueView, from connection: any Connection) {
        let answer = element.json
        guard let id = answer[WireName.id]?.stringValue, let relayed = browseRelay.take(id, answeredBy: connection.id)
        else { return }
        relayed.timer.cancel()
        if let result = answer[WireName.result] {
            guard let listing = BrowseListing(json: result), listing.path == relayed.path else {
                relayed.reply.deliver(.failure(Self.illMadeListing))
                return
            }
            relayed.reply.deliver(.success(listing.json))
        } else {
            // The owner's words are another program's: one short line of them.
            let said = (answer[WireName.error]?[WireName.message]?.stringValue ?? "")
                .unicodeScalars.filter { $0.properties.generalCategory != .control && $0 != "\u{7F}" }
            // -32602: this directory is refused (a link out of the root), not browsing as a whole.
            relayed.reply.deliver(
                .failure(
                    RPCError(
                        .invalidParams,
                        "the asker could not list \(relayed.path.prefix(80)): \(String(String.UnicodeScalarView(said.prefix(200))))"
                    )))
        }
    }

    /// A closed connection's browse requests: those waiting on it as an
    /// owner are told it left.
    func browseConnectionClosed(_ connection: ConnectionID) {
        for orphan in browseRelay.connectionClosed(connection) {
            orphan.reply.deliver(.failure(RPCError(.browseUnavailable, Self.noLister)))
        }
    }
}
