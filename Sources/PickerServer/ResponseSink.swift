import PickerJSON
import PickerProtocol

/// Where the answer to one request goes: straight to its connection, or into its
/// batch's array, which is sent once every request of the batch is answered.
final class ResponseSink {
    private enum Target {
        case connection(ConnectionHandler)
        case batch(BatchReply, index: Int)
    }

    let id: JSON
    let connection: ConnectionHandler
    private let target: Target

    init(id: JSON, connection: ConnectionHandler) {
        self.id = id
        self.connection = connection
        target = .connection(connection)
    }

    init(id: JSON, batch: BatchReply, index: Int) {
        self.id = id
        connection = batch.connection
        target = .batch(batch, index: index)
    }

    func deliver(_ result: Result<JSON, RPCError>) {
        let response: JSON
        switch result {
        case .success(let value): response = RPCResponse.result(id: id, value)
        case .failure(let error): response = RPCResponse.error(id: id, error)
        }
        switch target {
        case .connection(let connection): connection.send(response)
        case .batch(let batch, let index): batch.fill(index, with: response)
        }
    }
}

/// The responses of one batch, collected until the last one arrives.
final class BatchReply {
    let connection: ConnectionHandler
    private var responses: [JSON?]
    private var missing: Int

    init(connection: ConnectionHandler, count: Int) {
        self.connection = connection
        responses = Array(repeating: nil, count: count)
        missing = count
    }

    func fill(_ index: Int, with response: JSON) {
        guard responses[index] == nil else { return }
        responses[index] = response
        missing -= 1
        if missing == 0 {
            connection.send(.array(responses.compactMap { $0 }))
        }
    }
}
