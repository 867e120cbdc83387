/// Cuts a byte stream into lines: `\n` ends a line, a `\r` before it is dropped,
/// and a line longer than `maxLineBytes` (counting neither) is reported instead of kept.
public struct LineAssembler {
    public enum Piece: Equatable {
        case line([UInt8])
        /// The stream holds a line longer than the limit; the connection should end.
        case tooLong
    }

    public let maxLineBytes: Int
    private var pending: [UInt8] = []
    /// Where the search for the next newline resumes (bytes before it have none).
    private var searchFrom = 0

    public init(maxLineBytes: Int) {
        self.maxLineBytes = maxLineBytes
    }

    /// Bytes of a line that has not ended yet.
    public var hasPartialLine: Bool { !pending.isEmpty }

    public mutating func append(_ bytes: some Sequence<UInt8>) {
        pending.append(contentsOf: bytes)
    }

    /// The next complete line, `.tooLong`, or nil when more bytes are needed.
    public mutating func next() -> Piece? {
        guard let newline = pending[searchFrom...].firstIndex(of: 0x0A) else {
            searchFrom = pending.count
            return pending.count > maxLineBytes + 1 ? .tooLong : nil
        }
        var end = newline
        if end > 0, pending[end - 1] == 0x0D { end -= 1 }
        guard end <= maxLineBytes else { return .tooLong }
        let line = Array(pending[0..<end])
        pending.removeFirst(newline + 1)
        searchFrom = 0
        return .line(line)
    }

    /// Whether a line holds nothing but spaces and tabs (and is skipped unanswered).
    public static func isBlank(_ line: [UInt8]) -> Bool {
        line.allSatisfy { $0 == 0x20 || $0 == 0x09 }
    }
}
