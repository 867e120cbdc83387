import NIOCore
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
        deliverLine { response in
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

    /// Delivers a result serialized already (a `list` built in slices, the
    /// kept `plugins` answer): the same line `deliver(.success(value))` writes.
    func deliver(serializedResult value: [UInt8]) {
        deliver(resultWrittenBy: { $0 += value })
    }

    /// Delivers a result that `write` appends as JSON text straight into the
    /// answer's line (a summary or an outcome, without a `JSON` tree first).
    func deliver(resultWrittenBy write: (inout [UInt8]) -> Void) {
        deliverLine { response in
            response += Self.resultKey
            write(&response)
        }
    }

    /// Delivers an outcome as `deliver(.success(outcome.json))` would.
    func deliver(_ outcome: Outcome) {
        deliver(resultWrittenBy: { outcome.serialize(into: &$0) })
    }

    /// `serializeOutcome` appends `,"result":…` or `,"error":…`.
    private func deliverLine(_ serializeOutcome: (inout [UInt8]) -> Void) {
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
            batch.fill(index, serializedBy: serialize)
        }
    }
}

/// The responses of one batch, collected until the last one arrives. They
/// are written into the batch's line as they come, in the batch's order (one
/// that comes before an earlier one waits apart until its turn), so the line
/// is complete when the last arrives and goes to the connection as it is: no
/// answer is copied into an array of its own and then again into the line.
/// They count towards the connection's backlog (`Connection.batchBytesChanged`),
/// so a batch whose answers grow too large closes its connection as a peer
/// that lets that much pile up would.
final class BatchReply {
    let connection: any Connection
    private let count: Int
    /// `[` and the answers before the first still missing, comma-separated.
    private var line: ByteBuffer
    /// Answers in `line`.
    private var written = 0
    /// Answers that came before an earlier one, by index.
    private var early: [Int: [UInt8]] = [:]
    /// Counted in the connection's backlog: each answer and its separator.
    private var bytes = 0
    /// Where each answer is serialized before it joins the line; reused.
    private var scratch: [UInt8] = []

    init(connection: any Connection, count: Int) {
        self.connection = connection
        self.count = count
        line = ByteBufferAllocator().buffer(capacity: 256)
        line.writeInteger(UInt8(ascii: "["))
    }

    /// Takes the answer at `index`, which `serialize` appends to the array it is given.
    func fill(_ index: Int, serializedBy serialize: (inout [UInt8]) -> Void) {
        guard !connection.isClosing, (written..<count).contains(index), early[index] == nil else { return }
        scratch.removeAll(keepingCapacity: true)
        serialize(&scratch)
        let size = scratch.count + 1
        if index == written {
            append(scratch)
            while let next = early.removeValue(forKey: written) { append(next) }
        } else {
            early[index] = scratch
            scratch = []
        }
        bytes += size
        connection.batchBytesChanged(by: size, answersSoFar: answers)
        guard !connection.isClosing else {
            line.clear()
            early = [:]
            return
        }
        guard written == count else { return }
        line.writeBytes([UInt8(ascii: "]"), 0x0A])
        connection.batchBytesChanged(by: -bytes, answersSoFar: 0)
        connection.send(line: line)
    }

    /// Answers taken so far, in the line or waiting for their turn.
    var answers: Int { written + early.count }

    private func append(_ answer: [UInt8]) {
        if written > 0 { line.writeInteger(UInt8(ascii: ",")) }
        line.writeBytes(answer)
        written += 1
    }
}
