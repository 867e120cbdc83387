/// Copies of one request on a connection, at most `depth` of them unfinished:
/// each that finishes lets another go, until `total` have finished. The caller
/// reads the answers and says how many finished.
struct Pipeline {
    private let request: [UInt8]
    private let total: Int
    private let connection: LoadConnection
    private var sent: Int
    private var finished = 0

    init(_ request: [UInt8], total: Int, depth: Int, on connection: LoadConnection) {
        self.request = request
        self.total = total
        self.connection = connection
        sent = min(depth, total)
        send(sent)
    }

    var isDone: Bool { finished >= total }

    mutating func finish(_ count: Int) {
        finished += count
        let more = min(count, total - sent)
        if more > 0 {
            send(more)
            sent += more
        }
    }

    /// `count` copies in one write.
    private func send(_ count: Int) {
        connection.send(raw: count == 1 ? request : [UInt8](repeatElement(request, count: count).joined()))
    }
}
