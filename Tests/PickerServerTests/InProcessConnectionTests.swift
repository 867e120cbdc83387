import PickerJSON
import PickerProtocol
import PickerServerTesting
import PickerTestSupport
import Testing

/// A connection's two clocks, on the embedded daemon's manual clock: how long
/// a partial line may wait for its end (`partial_line_timeout_ms`), and how
/// long a connection that holds nothing may stay idle (`idle_timeout_ms`).
@Suite struct InProcessConnectionTests {
    @Test func aPartialLineHeldTooLongClosesTheConnection() throws {
        let daemon = try EmbeddedDaemon(config: #"{"limits": {"partial_line_timeout_ms": 300}}"#)
        let partial = try EmbeddedConnection(daemon)
        let idle = try EmbeddedConnection(daemon)
        daemon.send(Array(#"{"jsonrpc":"2.0","#.utf8), on: partial.number)
        daemon.advance(milliseconds: 299)
        #expect(daemon.isOpen(partial.number))
        daemon.advance(milliseconds: 1)
        #expect(!daemon.isOpen(partial.number), "closed 300 ms after the line began")
        let told = try #require(try partial.readMessage(), "told why before the close")
        #expect(told["id"] == .null)
        #expect(told["error"]?["code"] == -32006)
        #expect(told["error"]?["data"]?["limit"] == "partial_line_timeout_ms")
        // A connection that is merely idle between lines stays.
        daemon.advance(milliseconds: 600)
        #expect(daemon.isOpen(idle.number))
        #expect(try idle.call(Ping()) == "pong")
    }

    /// A client whose writes end in the middle of a line, each line finished
    /// well within the timeout, is not taken for one holding a partial line.
    @Test func aPeerWritingInPiecesIsNotCutOff() throws {
        let daemon = try EmbeddedDaemon(config: #"{"limits": {"partial_line_timeout_ms": 1000}}"#)
        let client = try EmbeddedConnection(daemon)
        let line = Array(#"{"jsonrpc":"2.0","id":1,"method":"ping"}"#.utf8) + [0x0A]
        // Each write finishes the last line and starts the next: 3 s in all.
        client.send(raw: Array(line.prefix(20)))
        for _ in 0..<30 {
            daemon.advance(milliseconds: 100)
            client.send(raw: Array(line.dropFirst(20)) + Array(line.prefix(20)))
        }
        client.send(raw: Array(line.dropFirst(20)))
        var pongs = 0
        while pongs < 31, let message = try client.readMessage() { if message["result"] == "pong" { pongs += 1 } }
        #expect(pongs == 31)
    }

    @Test func idleConnectionsAreClosedAndBusyOnesKept() throws {
        let log = EmbeddedLog()
        let daemon = try EmbeddedDaemon(
            config: #"{"limits": {"idle_timeout_ms": 2000}}"#, logLevel: .debug, log: log.write)
        let subscriber = try EmbeddedConnection(daemon)
        _ = try subscriber.call(Subscribe())
        let asker = try EmbeddedConnection(daemon)
        _ = try asker.call(Present(kind: "text"))
        let idle = try EmbeddedConnection(daemon)
        _ = try idle.call(Ping())
        daemon.advance(milliseconds: 1999)
        #expect(idle.isOpen)
        daemon.advance(milliseconds: 1)
        #expect(!idle.isOpen, "closed once idle for 2000 ms")
        // Both others were idle as long: what they hold keeps them.
        #expect(try subscriber.call(Ping()) == "pong")
        #expect(try asker.call(Ping()) == "pong")
        #expect(log.contains("was idle for 2000 ms (limits.idle_timeout_ms); closing it"))
    }
}
