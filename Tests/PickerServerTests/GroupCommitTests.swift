import Foundation
import PickerJSON
import PickerProtocol
import PickerTestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// Group commit: the lines of one event-loop turn are committed together and
/// answered only after that commit.
@Suite(.tags(.process)) struct GroupCommitTests {
    @Test func aBurstInOneWriteIsAnsweredAndSurvivesSIGKILL() throws {
        let home = try TestDirectory()
        var daemon = try DaemonProcess(logLevel: "warning", home: home)
        let writers = try (0..<4).map { _ in try TestClient(socketPath: daemon.socketPath) }
        // 4 connections × 100 presents, each connection's in a single write.
        for (number, writer) in writers.enumerated() {
            let burst = (0..<100).map { index in
                #"{"jsonrpc":"2.0","id":\#(index),"method":"present","params":{"kind":"text","title":"c\#(number)-\#(index)"}}"#
            }
            writer.send(raw: Array(burst.joined(separator: "\n").utf8) + [0x0A])
        }
        var acknowledged: Set<String> = []
        for writer in writers {
            for _ in 0..<100 {
                let answer = try #require(try writer.readMessage())
                acknowledged.insert(try #require(answer["result"]?["window"]?.stringValue))
            }
        }
        #expect(acknowledged.count == 400)
        daemon.kill9()

        daemon = try DaemonProcess(logLevel: "warning", home: home)
        let client = try TestClient(socketPath: daemon.socketPath)
        let restored = Set(try client.result("list")["windows"]!.arrayValue!.compactMap { $0["window"]?.stringValue })
        #expect(restored == acknowledged, "every acknowledged present was committed")
    }

    // A subscription gets no event from before it in the same turn: InProcessSubscriptionTests.

    @Test func aClientThatShutsItsSideAfterAskingStillGetsTheAnswer() throws {
        let daemon = try DaemonProcess(logLevel: "warning")
        let client = try TestClient(socketPath: daemon.socketPath)
        client.send(line: #"{"jsonrpc":"2.0","id":1,"method":"present","params":{"kind":"text"}}"#)
        client.send(line: #"{"jsonrpc":"2.0","id":2,"method":"ping"}"#)
        shutdown(client.descriptor, Int32(SHUT_WR))
        #expect(try client.readMessage()?["result"]?["window"]?.stringValue?.hasPrefix("w1-") == true)
        #expect(try client.readMessage()?["result"] == "pong")
        #expect(client.closes(within: 5), "then the daemon closes the connection")
    }
}
