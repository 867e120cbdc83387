import Glibc
import Logging
import NIOCore
import NIOEmbedded
import PickerCore
import PickerJSON
import PickerProtocol
import Testing

@testable import PickerServer

/// A connection's write states, one step at a time: the core on an embedded
/// loop whose tasks run only when the test says (`loop.run()`), so what is
/// held for the turn's commit can be seen held.
@Suite struct ConnectionWriteStateTests {
    let loop = EmbeddedEventLoop()
    let core: DaemonCore
    let channel: EmbeddedChannel
    let connection: ConnectionHandler

    init() throws {
        var configuration = try DaemonConfiguration.read(#"{"limits": {"max_line_bytes": 64}}"#).get()
        configuration.durability = .memory
        core = try DaemonCore(
            eventLoop: loop, configuration: configuration, configPath: nil, systemTimeZone: "UTC", daemonUID: getuid(),
            clock: ManualClock(), store: MemoryStateStore(), notifier: SystemdNotifier(environment: [:]),
            logger: Logger(label: "pickerd", factory: { _ in SwiftLogNoOpLogHandler() }))
        try core.restore()
        loop.run()
        channel = EmbeddedChannel(loop: loop)
        try core.addConnectionHandlers(
            to: channel.pipeline.syncOperations, peer: PeerCredentials(uid: getuid(), gid: getgid(), pid: 4242))
        try channel.connect(to: SocketAddress(unixDomainSocketPath: "/write-states")).wait()
        connection = try channel.pipeline.syncOperations.handler(type: ConnectionHandler.self)
    }

    /// The lines flushed to the peer so far.
    func flushed() throws -> [String] {
        var lines: [String] = []
        while let buffer = try channel.readOutbound(as: ByteBuffer.self) {
            lines += String(buffer: buffer).split(separator: "\n").map(String.init)
        }
        return lines
    }

    func buffer(_ text: String) -> ByteBuffer { channel.allocator.buffer(string: text) }

    @Test func anAnswerIsHeldUntilItsTurnIsCommitted() throws {
        try channel.writeInbound(buffer(#"{"jsonrpc":"2.0","id":1,"method":"ping"}"# + "\n"))
        #expect(connection.writeState == .held(thenClose: false))
        #expect(try flushed().isEmpty, "nothing goes out before the commit")
        loop.run()  // the turn ends: commit, then release
        #expect(connection.writeState == .direct)
        #expect(try flushed() == [#"{"jsonrpc":"2.0","id":1,"result":"pong"}"#])
    }

    @Test func aCloseAskedForWhileHeldWaitsForTheCommit() throws {
        // One read: a request, then a line too long, which is answered and closes.
        try channel.writeInbound(
            buffer(#"{"jsonrpc":"2.0","id":1,"method":"ping"}"# + "\n" + String(repeating: "x", count: 100) + "\n"))
        #expect(connection.writeState == .held(thenClose: true))
        #expect(connection.isClosing)
        #expect(channel.isActive)
        #expect(try flushed().isEmpty)
        loop.run()
        let lines = try flushed()
        #expect(lines.count == 2)
        #expect(lines.first == #"{"jsonrpc":"2.0","id":1,"result":"pong"}"#)
        #expect(lines.last?.contains(#""code":-32001"#) == true)
        #expect(!channel.isActive, "closed once the answers went out")
    }

    @Test func aLineTooLongIsAnsweredDirectlyAndCloses() throws {
        // Not a request: no turn holds its answer.
        channel.pipeline.fireChannelRead(buffer(String(repeating: "x", count: 100) + "\n"))
        #expect(connection.writeState == .closing)
        #expect(try flushed().first?.contains(#""code":-32001"#) == true)
        loop.run()
        #expect(!channel.isActive)
    }

    @Test func aWriteOutsideATurnGoesOutAtOnce() throws {
        #expect(connection.writeState == .direct)
        connection.send(.object(["note": .string("hi")]))
        #expect(try flushed() == [#"{"note":"hi"}"#])
    }

    @Test func nothingIsWrittenOnceClosing() throws {
        connection.closeAfterFlush()
        #expect(connection.writeState == .closing)
        connection.send(.object(["note": .string("late")]))
        loop.run()
        #expect(try flushed().isEmpty)
        #expect(!channel.isActive)
    }
}
