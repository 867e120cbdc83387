import CPickerBench
import Foundation
import PickerProtocol

/// A blocking JSON-lines connection for load: writes a request line, reads
/// answer lines. Deliberately plain (no JSON parsing of answers beyond finding
/// the fields a scenario needs), so it is not what a measurement measures.
final class LoadConnection: @unchecked Sendable {
    // @unchecked: a scenario gives each connection to exactly one worker thread.
    private let descriptor: Int32
    private var buffer: [UInt8] = []
    private var consumed = 0
    private var scanned = 0
    private var chunk = [UInt8](repeating: 0, count: 65536)
    /// Where `readAnswerEnds` is in the line it has not seen the end of.
    private var linePosition = 0
    private var eventPrefixMatched = 0
    private static let eventPrefix = Array(#"{"event""#.utf8)

    init(socketPath: String) throws {
        switch UnixSocket.connect(to: socketPath) {
        case .success(let connected): descriptor = connected
        case .failure(let error): throw BenchmarkFailure("cannot connect to \(socketPath): \(error)")
        }
    }

    /// Connects as another user (needs root): the daemon sees `uid`, and `uid`
    /// as the group, as the peer's credentials. Only this thread's ids change,
    /// and only for the connect.
    init(socketPath: String, uid: UInt32) throws {
        let connected = picker_bench_connect_as(socketPath, uid, uid)
        guard connected >= 0 else {
            throw BenchmarkFailure(
                "cannot connect to \(socketPath) as uid \(uid): \(String(cString: strerror(-connected)))")
        }
        descriptor = connected
    }

    deinit { close(descriptor) }

    /// Shuts the connection down both ways: a thread blocked reading it wakes
    /// up with an end of file, and the daemon sees the peer leave.
    func shutdown() {
        _ = Glibc.shutdown(descriptor, Int32(SHUT_RDWR))
    }

    /// Whether the daemon has closed its end (whatever it left unread here).
    var isClosedByPeer: Bool {
        // A Unix socket reports POLLHUP once its peer is gone, data unread or not.
        var entry = pollfd(fd: descriptor, events: 0, revents: 0)
        return poll(&entry, 1, 0) == 1 && entry.revents & Int16(POLLHUP) != 0
    }

    /// Waits at most `milliseconds` for something to read (or the end); false
    /// if nothing came. A line already read ahead counts.
    func waitForInput(milliseconds: Int32) -> Bool {
        if buffer[scanned...].contains(0x0A) { return true }
        var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        return poll(&entry, 1, milliseconds) == 1
    }

    func send(_ line: String) {
        send(raw: Array(line.utf8) + [0x0A])
    }

    /// Writes bytes as they are.
    func send(raw bytes: [UInt8]) {
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes {
                Glibc.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
            }
            guard written > 0 else { return }
            offset += written
        }
    }

    /// Reads what has arrived and returns how many lines ended in it, without
    /// looking at them (for pipelined load, where only the count matters).
    func readLineEnds() throws -> Int {
        let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        guard count > 0 else { throw BenchmarkFailure("the server closed the connection") }
        return chunk[0..<count].reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) }
    }

    /// Like `readLineEnds`, but counts only answers: a line that starts as an
    /// event (mpv's `{"event":…}`, sent to every client unasked) is no answer.
    /// A line may begin in one read and end in a later one.
    func readAnswerEnds() throws -> Int {
        let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        guard count > 0 else { throw BenchmarkFailure("the server closed the connection") }
        // Locals, not the properties, in the loop: it runs for every byte.
        let prefix = Self.eventPrefix
        var (answers, position, matched) = (0, linePosition, eventPrefixMatched)
        for byte in chunk[0..<count] {
            if byte == 0x0A {
                if matched < prefix.count { answers += 1 }
                (position, matched) = (0, 0)
            } else {
                if position == matched, matched < prefix.count, byte == prefix[matched] { matched += 1 }
                position += 1
            }
        }
        (linePosition, eventPrefixMatched) = (position, matched)
        return answers
    }

    /// The next line that is an answer, skipping events (see `readAnswerEnds`).
    func readAnswerBytes() throws -> ArraySlice<UInt8> {
        while true {
            let line = try readLineBytes()
            if !line.starts(with: Self.eventPrefix) { return line }
        }
    }

    /// The next answer line as text.
    func readLine() throws -> String {
        String(decoding: try readLineBytes(), as: UTF8.self)
    }

    /// The next answer line's bytes, without its newline. Consumed bytes are
    /// dropped only when the buffer is empty, so many short lines in one read
    /// cost no copying.
    func readLineBytes() throws -> ArraySlice<UInt8> {
        while true {
            if let newline = buffer[scanned...].firstIndex(of: 0x0A) {
                let line = buffer[consumed..<newline]
                consumed = newline + 1
                scanned = consumed
                return line
            }
            if consumed == buffer.count {
                buffer.removeAll(keepingCapacity: true)
                consumed = 0
            }
            scanned = buffer.count
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            guard count > 0 else { throw BenchmarkFailure("the server closed the connection") }
            buffer.append(contentsOf: chunk[0..<count])
        }
    }

    /// Sends a request and returns its answer line.
    func call(_ line: String) throws -> String {
        send(line)
        return try readLine()
    }
}

struct BenchmarkFailure: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
