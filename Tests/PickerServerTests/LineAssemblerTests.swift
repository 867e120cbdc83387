import PickerProtocol
import Testing

/// Framing: lines, `\r\n`, and lines over the limit reported once each.
@Suite struct LineAssemblerTests {
    static func pieces(_ assembler: inout LineAssembler) -> [LineAssembler.Piece] {
        var pieces: [LineAssembler.Piece] = []
        while let piece = assembler.next() {
            pieces.append(piece)
            if pieces.count > 100 { break }  // a stuck assembler would repeat forever
        }
        return pieces
    }

    @Test func linesAreCutAtNewlinesAndACarriageReturnBeforeOneIsDropped() {
        var assembler = LineAssembler(maxLineBytes: 10)
        assembler.append(Array("ab\r\ncd\nef".utf8))
        #expect(Self.pieces(&assembler) == [.line(Array("ab".utf8)), .line(Array("cd".utf8))])
        #expect(assembler.hasPartialLine)
        assembler.append(Array("g\n".utf8))
        #expect(Self.pieces(&assembler) == [.line(Array("efg".utf8))])
        #expect(!assembler.hasPartialLine)
    }

    @Test func anOverlongLineIsReportedOnceAndSkippedToItsEnd() {
        var assembler = LineAssembler(maxLineBytes: 4)
        assembler.append(Array("1234\n123456789\nok\n".utf8))
        #expect(Self.pieces(&assembler) == [.line(Array("1234".utf8)), .tooLong, .line(Array("ok".utf8))])
    }

    @Test func anOverlongLineWithoutNewlineIsReportedOnceAndItsRestIsDropped() {
        var assembler = LineAssembler(maxLineBytes: 4)
        assembler.append(Array("123456".utf8))
        #expect(Self.pieces(&assembler) == [.tooLong])
        #expect(!assembler.hasPartialLine, "nothing of it is kept")
        for _ in 0..<1000 { assembler.append(Array("789".utf8)) }
        #expect(Self.pieces(&assembler) == [], "the rest of the same line is not reported again")
        #expect(!assembler.hasPartialLine)
        assembler.append(Array("0\nnext\n".utf8))
        #expect(Self.pieces(&assembler) == [.line(Array("next".utf8))])
    }

    @Test func aLineExactlyAtTheLimitWithCarriageReturnFits() {
        var assembler = LineAssembler(maxLineBytes: 4)
        assembler.append(Array("1234\r".utf8))
        #expect(Self.pieces(&assembler) == [], "the \\r may precede a newline")
        assembler.append([0x0A])
        #expect(Self.pieces(&assembler) == [.line(Array("1234".utf8))])
    }
}
