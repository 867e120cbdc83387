import NIOCore
import NIOEmbedded
import PickerProtocol
import Testing

@testable import PickerServer

/// The framing step alone, on an EmbeddedChannel: what it passes on, when it
/// holds lines back, and its partial-line timer on the channel's own clock.
@Suite struct LineFramingHandlerTests {
    /// What reaches the handler after the framer: lines, read ends, events, errors.
    final class Recorder: ChannelInboundHandler {
        typealias InboundIn = LineAssembler.Piece
        var seen: [String] = []

        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            switch unwrapInboundIn(data) {
            case .line(let line): seen.append(String(decoding: line, as: UTF8.self))
            case .tooLong: seen.append("<too long>")
            }
        }
        func channelReadComplete(context: ChannelHandlerContext) { seen.append("<read complete>") }
        func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
            if let event = event as? ChannelEvent, event == .inputClosed { seen.append("<input closed>") }
        }
        func errorCaught(context: ChannelHandlerContext, error: Error) {
            seen.append(error as? LineFramingError == .partialLineTimedOut ? "<partial line timed out>" : "<\(error)>")
        }
    }

    /// Counts the reads that get past the framer to the socket.
    final class ReadCounter: ChannelOutboundHandler {
        typealias OutboundIn = ByteBuffer
        var reads = 0
        func read(context: ChannelHandlerContext) {
            reads += 1
            context.read()
        }
    }

    let loop = EmbeddedEventLoop()
    let channel: EmbeddedChannel
    let recorder = Recorder()
    let readCounter = ReadCounter()

    init() throws {
        channel = EmbeddedChannel(loop: loop)
        try channel.pipeline.syncOperations.addHandlers([
            readCounter, LineFramingHandler(maxLineBytes: 10, partialLineTimeout: .seconds(5)), recorder,
        ])
        try channel.connect(to: SocketAddress(unixDomainSocketPath: "/framing")).wait()
    }

    func receive(_ text: String) throws {
        try channel.writeInbound(channel.allocator.buffer(string: text))
    }

    @Test func cutsLinesAcrossReadsAndLeavesOutBlankOnes() throws {
        try receive("{\"a\":1}\r\n  \n\t\n{\"b\"")
        try receive(":2}\n")
        #expect(recorder.seen == [#"{"a":1}"#, "<read complete>", #"{"b":2}"#, "<read complete>"])
    }

    @Test func afterAnOverlongLineNothingMoreIsPassedOn() throws {
        try receive("ok\n0123456789abc\nnext\n")
        try receive("more\n")
        #expect(recorder.seen == ["ok", "<too long>", "<read complete>", "<read complete>"])
    }

    @Test func aPartialLineHasItsTimeFromItsFirstByte() throws {
        try receive("{\"a\"")
        loop.advanceTime(by: .seconds(4))
        try receive(":")  // more bytes do not give it more time
        loop.advanceTime(by: .milliseconds(999))
        #expect(!recorder.seen.contains("<partial line timed out>"))
        loop.advanceTime(by: .milliseconds(1))
        #expect(recorder.seen.last == "<partial line timed out>")
    }

    @Test func aLineThatEndsStartsTheNextOnesTimeAfresh() throws {
        try receive("{\"a\"")
        loop.advanceTime(by: .seconds(4))
        try receive(":1}\n{")
        loop.advanceTime(by: .seconds(4))
        #expect(!recorder.seen.contains("<partial line timed out>"), "the new partial line has had 4 of its 5 seconds")
        loop.advanceTime(by: .seconds(1))
        #expect(recorder.seen.last == "<partial line timed out>")
    }

    @Test func whileThePeerIsBehindLinesWaitAndNothingMoreIsRead() throws {
        channel.isWritable = false
        channel.pipeline.fireChannelWritabilityChanged()
        try receive("one\ntwo\n")
        channel.read()
        #expect(recorder.seen == ["<read complete>"], "no line is passed on")
        #expect(readCounter.reads == 0, "the read waits")
        loop.advanceTime(by: .seconds(60))
        #expect(!recorder.seen.contains("<partial line timed out>"), "waiting lines are not partial")

        channel.isWritable = true
        channel.pipeline.fireChannelWritabilityChanged()
        loop.run()
        #expect(recorder.seen == ["<read complete>", "one", "two", "<read complete>"])
        #expect(readCounter.reads == 1, "the withheld read is made")
    }

    @Test func theEndOfInputWaitsBehindTheLinesBeforeIt() throws {
        channel.isWritable = false
        channel.pipeline.fireChannelWritabilityChanged()
        try receive("one\n")
        channel.pipeline.fireUserInboundEventTriggered(ChannelEvent.inputClosed)
        #expect(!recorder.seen.contains("<input closed>"))

        channel.isWritable = true
        channel.pipeline.fireChannelWritabilityChanged()
        loop.run()
        #expect(recorder.seen == ["<read complete>", "one", "<read complete>", "<input closed>"])
    }
}
