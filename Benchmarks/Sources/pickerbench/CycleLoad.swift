import Foundation
import PickerProtocol
import Synchronization

/// Load made of present + submit cycles, the way automation floods pickerd:
/// each connection keeps `depth` cycles in flight, sending a window's submit as
/// soon as its present is answered and a new present as soon as a submit is.
struct CycleLoad {
    var connections = 8
    var depth = 8

    private static let present = TypedRequest.bytes(Present(kind: "text"), id: 1)
    private static let submit = TypedRequest.submitAround(value: "x", id: 2)
    private static let answerPrefix = Array(#"{"jsonrpc":"2.0","id":"#.utf8)
    private static let windowField = Array(#""result":{"window":""#.utf8)

    /// Runs `cycles` cycles in all and returns requests (two per cycle) per second.
    func requestsPerSecond(socket: String, cycles: Int) throws -> Double {
        let clients = try (0..<connections).map { _ in try LoadConnection(socketPath: socket) }
        let (perConnection, depth) = (cycles / connections, depth)
        let start = ContinuousClock.now
        try onThreads(clients) { try Self.cycle($0, count: perConnection, depth: depth) }
        return Double(2 * perConnection * connections) / seconds(since: start)
    }

    private static func cycle(_ connection: LoadConnection, count: Int, depth: Int) throws {
        // A cycle finishes, and lets the next present go, when its submit is answered.
        var cycles = Pipeline(present, total: count, depth: depth, on: connection)
        while !cycles.isDone {
            let line = try connection.readLineBytes()
            switch try answeredID(line) {
            case UInt8(ascii: "1"):
                guard let window = windowID(in: line) else {
                    throw BenchmarkFailure("present gave no window: \(String(decoding: line, as: UTF8.self))")
                }
                connection.send(raw: submit.before + window + submit.after)
            default:
                cycles.finish(1)
            }
        }
    }

    /// Presents `count` text windows that stay open (256 in flight).
    static func fill(socket: String, windows count: Int) throws {
        let connection = try LoadConnection(socketPath: socket)
        var presents = Pipeline(present, total: count, depth: 256, on: connection)
        while !presents.isDone {
            _ = try answeredID(try connection.readLineBytes())
            presents.finish(1)
        }
    }

    /// The single-digit id of an answer; an error answer throws.
    private static func answeredID(_ line: ArraySlice<UInt8>) throws -> UInt8 {
        let idIndex = line.startIndex + answerPrefix.count
        guard line.count > answerPrefix.count + 2, line[line.startIndex..<idIndex].elementsEqual(answerPrefix),
            line[idIndex + 2] == UInt8(ascii: "\"") && line[idIndex + 3] == UInt8(ascii: "r")
        else { throw BenchmarkFailure("unexpected answer: \(String(decoding: line, as: UTF8.self))") }
        return line[idIndex]
    }

    private static func windowID(in line: ArraySlice<UInt8>) -> ArraySlice<UInt8>? {
        let start = line.startIndex + answerPrefix.count + 2
        guard line[start...].starts(with: windowField) else { return nil }
        let idStart = start + windowField.count
        guard let end = line[idStart...].firstIndex(of: UInt8(ascii: "\"")) else { return nil }
        return line[idStart..<end]
    }
}

/// Runs `body` for each connection on a thread of its own (load clients block
/// in read, so they must not share Dispatch's few workers), waits for all, and
/// rethrows the first failure.
func onThreads(_ connections: [LoadConnection], _ body: @escaping @Sendable (LoadConnection) throws -> Void) throws {
    try ConnectionThreads(connections, body).join()
}

/// A thread for each connection, running `body` on it, started at once and
/// joined later.
final class ConnectionThreads: Sendable {
    private let failure = Mutex<BenchmarkFailure?>(nil)
    private let group = DispatchGroup()

    init(_ connections: [LoadConnection], _ body: @escaping @Sendable (LoadConnection) throws -> Void) {
        for connection in connections {
            group.enter()
            Thread { [self] in
                do {
                    try body(connection)
                } catch {
                    failure.withLock { $0 = $0 ?? BenchmarkFailure("\(error)") }
                }
                group.leave()
            }.start()
        }
    }

    /// Waits for every thread and rethrows the first failure.
    func join() throws {
        group.wait()
        if let failed = failure.withLock({ $0 }) { throw failed }
    }
}
