import PickerJSON
import PickerProtocol

/// Where the answer to one request goes: straight to its connection, or into its
/// batch's array, which is sent once every request of the batch is answered.
final class ResponseSink {
    private enum Target {
        case connection(any Connection)
        case batch(BatchReply, index: Int)
    }

    let id: RPCRequestID
    let connection: any Connection
    private let target: Target
    private var isDelivered = false

    /// Each sink is an answer its connection owes (`answersOwed`) until delivered.
    init(id: RPCRequestID, connection: any Connection) {
        self.id = id
        self.connection = connection
        target = .connection(connection)
        connection.answersOwed += 1
    }

    init(id: RPCRequestID, batch: BatchReply, index: Int) {
        self.id = id
        connection = batch.connection
        target = .batch(batch, index: index)
        connection.answersOwed += 1
    }

    /// `{"jsonrpc":"2.0","id":`, `,"result":` and `,"error":`.
    private static let head = Array(#"{"\#(WireName.jsonrpc.jsonKey)":"2.0","\#(WireName.id.jsonKey)":"#.utf8)
    private static let resultKey = Array(#","\#(WireName.result.jsonKey)":"#.utf8)
    private static let errorKey = Array(#","\#(WireName.error.jsonKey)":"#.utf8)

    /// Writes the response as `RPCResponse.result` or `.error` would, but with
    /// the id as the exact text the client sent (see `RPCRequestID`).
    func deliver(_ result: Result<JSON, RPCError>) {
        deliver { response in
            switch result {
            case .success(let value):
                response += Self.resultKey
                value.serialize(into: &response)
            case .failure(let error):
                response += Self.errorKey
                error.json.serialize(into: &response)
            }
        }
    }

    /// Delivers a result serialized already (a `list` built in slices): the
    /// same line `deliver(.success(value))` writes.
    func deliver(serializedResult value: [UInt8]) {
        deliver(sizeHint: value.count) { response in
            response += Self.resultKey
            response += value
        }
    }

    /// `serializeOutcome` appends `,"result":…` or `,"error":…`.
    /// `sizeHint`: the outcome's length when known, so the answer's array is
    /// made once at its size rather than grown.
    private func deliver(sizeHint: Int = 0, _ serializeOutcome: (inout [UInt8]) -> Void) {
        guard !isDelivered else { return }
        isDelivered = true
        defer { connection.answersOwed -= 1 }
        func serialize(_ response: inout [UInt8]) {
            response += Self.head
            id.serialize(into: &response)
            serializeOutcome(&response)
            response.append(UInt8(ascii: "}"))
        }
        switch target {
        case .connection(let connection):
            connection.send { serialize(&$0) }
        case .batch(let batch, let index):
            var response: [UInt8] = []
            response.reserveCapacity(sizeHint + 64)
            serialize(&response)
            batch.fill(index, with: response)
        }
    }
}

/// The responses of one batch, collected until the last one arrives. They
/// are kept serialized and count towards the connection's backlog
/// (`Connection.batchBytesChanged`), so a batch whose answers grow too
/// large closes its connection as a peer that lets that much pile up would.
final class BatchReply {
    let connection: any Connection
    private var responses: [[UInt8]?]
    private var missing: Int
    private var bytes = 0

    init(connection: any Connection, count: Int) {
        self.connection = connection
        responses = Array(repeating: nil, count: count)
        missing = count
    }

    func fill(_ index: Int, with serialized: [UInt8]) {
        guard !connection.isClosing, responses.indices.contains(index), responses[index] == nil else { return }
        responses[index] = serialized
        missing -= 1
        bytes += serialized.count + 1
        connection.batchBytesChanged(by: serialized.count + 1, answersSoFar: responses.count - missing)
        guard !connection.isClosing else {
            responses = []
            return
        }
        guard missing == 0 else { return }
        var line: [UInt8] = [UInt8(ascii: "[")]
        line.reserveCapacity(bytes + 2)
        for (position, response) in responses.enumerated() {
            if position > 0 { line.append(UInt8(ascii: ",")) }
            line += response!
        }
        line += [UInt8(ascii: "]"), 0x0A]
        responses = []
        connection.batchBytesChanged(by: -bytes, answersSoFar: 0)
        connection.send(line: line)
    }
}
