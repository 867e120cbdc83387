import Foundation
import PickerJSON
import PickerProtocol
import PickerTestSupport
import Testing

/// What a peer's way of writing and reading does to its own connection: it
/// gets every answer it is owed, is not cut off for reading slowly or writing
/// in pieces, and cannot make the daemon keep what it sends once it is closing.
@Suite(.tags(.process)) struct ConnectionEdgeTests {
    /// Like socat or `nc -N`: everything sent, then the sending side shut.
    /// Answers that pass the socket buffer, and ones that come later, still come.
    @Test func aPeerThatShutsItsSideGetsEveryAnswer() throws {
        let daemon = try DaemonProcess(config: #"{"state": {"durability": "memory"}}"#, logLevel: "warning")
        let client = try TestClient(socketPath: daemon.socketPath)
        let requests = (0..<2000).map { #"{"jsonrpc":"2.0","id":\#($0),"method":"plugins"}"# }.joined(separator: "\n")
        client.send(line: requests)
        client.send(
            line:
                #"{"jsonrpc":"2.0","id":"waiting","method":"present","params":{"kind":"text","wait":true,"timeout_ms":500}}"#
        )
        shutdown(client.descriptor, Int32(SHUT_WR))
        var ids: Set<JSON> = []
        while let message = try client.readMessage(timeout: 30) { if let id = message["id"] { ids.insert(id) } }
        #expect(ids.count == 2001, "\(ids.count) of 2001 answers came")
        #expect(ids.contains("waiting"), "the answer that came later too")
    }

    /// One answer may be larger than `max_write_backlog_bytes`: the limit is on
    /// what piles up for a peer that does not read, not on what it asked for.
    @Test func oneLargeAnswerReachesAReader() throws {
        let daemon = try DaemonProcess(
            config: #"{"state": {"durability": "memory"}, "limits": {"max_write_backlog_bytes": 1048576}}"#,
            logLevel: "info")
        let client = try TestClient(socketPath: daemon.socketPath)
        let title = JSON.string(String(repeating: "t", count: 1000))
        for _ in 0..<20 {
            client.send(
                .array(
                    (0..<100).map {
                        client.request("present", ["kind": "text", "title": title], id: .integer(Int64($0)))
                    }))
            _ = try client.readMessage(timeout: 60)
        }
        let listed = try client.result("list", timeout: 60)
        #expect(listed["windows"]?.arrayValue?.count == 2000, "a 2 MB answer with a 1 MiB backlog limit")
        #expect(try client.result("history", ["limit": 10]) != nil)
        #expect(!daemon.log.contains("more than limits.max_write_backlog_bytes"))
    }

    // A peer writing in pieces, each line finished within partial_line_timeout_ms:
    // InProcessConnectionTests, on a manual clock.

    /// After the daemon decided to close a connection (here: a line too long)
    /// nothing more it sends is kept, however much and however fast.
    @Test func aClosingConnectionsInputIsDropped() throws {
        // A 64 KiB line limit, so that even a daemon slowed by a sanitizer
        // reads past it well within the half second the client writes.
        let maxLineBytes = 65536
        let daemon = try DaemonProcess(
            config: #"{"state": {"durability": "memory"}, "limits": {"max_line_bytes": \#(maxLineBytes)}}"#,
            logLevel: "warning")
        let bystander = try TestClient(socketPath: daemon.socketPath)
        let client = try TestClient(socketPath: daemon.socketPath)
        // Answers it does not read fill the socket, so the close waits. A few
        // more wait in the daemon, but fewer than make it count the peer as
        // behind and stop reading it (then it would never read the overlong
        // line). How much a socket holds differs between machines, so the
        // client asks until its socket stops filling.
        try fillTheSocket(of: client)
        _ = fcntl(client.descriptor, F_SETFL, fcntl(client.descriptor, F_GETFL) | O_NONBLOCK)
        let baseline = try residentKilobytes(of: daemon.pid)
        let chunk = [UInt8](repeating: UInt8(ascii: "a"), count: 1 << 20)
        var sent = 0
        // Well under the two seconds the daemon gives a closing peer to read
        // what is owed before it drops it (closeAfterFlush): past that, the
        // -32001 below is dropped with the rest.
        let deadline = Date().addingTimeInterval(0.5)
        while Date() < deadline {
            let count = chunk.withUnsafeBytes { write(client.descriptor, $0.baseAddress, $0.count) }
            if count > 0 {
                sent += count
            } else if errno == EAGAIN {
                var writable = pollfd(fd: client.descriptor, events: Int16(POLLOUT), revents: 0)
                _ = poll(&writable, 1, Int32(max(1, deadline.timeIntervalSinceNow * 1000)))
            } else {
                break
            }
        }
        let grown = try residentKilobytes(of: daemon.pid) - baseline
        // The daemon did read the line too long, and said so, before it closed.
        _ = fcntl(client.descriptor, F_SETFL, fcntl(client.descriptor, F_GETFL) & ~O_NONBLOCK)
        var codes: [JSON] = []
        // Until the daemon closes: a loaded machine may pause longer than a few seconds between answers.
        while let message = try client.readMessage(timeout: 60) {
            if let code = message["error"]?["code"] { codes.append(code) }
        }
        #expect(codes == [-32001], "the overlong line's answer, after \(sent >> 10) KiB sent")
        #expect(sent > maxLineBytes, "the client wrote past max_line_bytes")
        #expect(grown < 64 * 1024 * Sanitizer.current.memoryFactor, "the daemon grew by \(grown) KiB")
        #expect(try bystander.result("ping") == "pong")
        print("a closing connection sent \(sent >> 10) KiB in all: the daemon grew \(grown) KiB")
    }

    /// Sends `plugins` requests a few at a time, without reading the answers,
    /// until the answers stop arriving in full: the socket is full and the
    /// last few wait in the daemon.
    private func fillTheSocket(of client: TestClient) throws {
        var next = 0
        var expected = 0
        while true {
            let batch = (next..<next + 8).map { client.request("plugins", nil, id: .integer(Int64($0))) }
            next += batch.count
            client.send(line: batch.map { $0.serialized() }.joined(separator: "\n"))
            // An answer is at least as long as its request; the first batch
            // says how much longer.
            expected += batch.reduce(0) { $0 + $1.serialized().utf8.count }
            var queued = 0
            _ = holdsWithin(2, every: 0.002) {
                var count: Int32 = 0
                _ = ioctl(client.descriptor, UInt(FIONREAD), &count)
                queued = Int(count)
                return queued >= expected
            }
            guard queued >= expected else { return }
            // What arrived is the measure for the next batch.
            expected = queued
        }
    }

    /// A batch that waits on one of its members (a present with wait: true)
    /// holds the others' answers: they count towards the backlog limit too.
    @Test func batchesWaitingOnAMemberAreBounded() throws {
        let daemon = try DaemonProcess(config: #"{"state": {"durability": "memory"}}"#, logLevel: "info")
        let bystander = try TestClient(socketPath: daemon.socketPath)
        let baseline = try residentKilobytes(of: daemon.pid)
        let client = try TestClient(socketPath: daemon.socketPath)
        for round in 0..<20 {
            var batch = [client.request("present", ["kind": "text", "wait": true], id: .string("wait-\(round)"))]
            batch += (0..<999).map { client.request("plugins", nil, id: .integer(Int64($0))) }
            client.send(.array(batch))
        }
        #expect(client.closes(within: 30), "the connection holding too much is closed")
        #expect(try bystander.result("ping") == "pong")
        let grown = try residentKilobytes(of: daemon.pid) - baseline
        #expect(grown < 48 * 1024 * Sanitizer.current.memoryFactor, "the daemon grew by \(grown) KiB")
        #expect(daemon.log.contains("more than limits.max_write_backlog_bytes"))
    }
}
