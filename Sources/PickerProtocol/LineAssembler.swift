/// Cuts a byte stream into lines: `\n` ends a line, a `\r` before it is dropped,
/// and a line longer than `maxLineBytes` (counting neither) is reported instead of kept.
///
/// An overlong line is reported once, as soon as it is known to be too long;
/// its bytes are dropped as they come, up to and including its newline, and
/// the lines after it are cut as usual. So the buffer never holds more than
/// one line's worth, and a reader that goes on calling `next()` after
/// `.tooLong` gets the next line or nil, never the same report again.
public struct LineAssembler {
    public enum Piece: Equatable {
        case line([UInt8])
        /// The stream held a line longer than the limit (reported once; its bytes are dropped).
        case tooLong
    }

    public let maxLineBytes: Int
    private var pending: [UInt8] = []
    /// Where the unread bytes of `pending` start (a prefix of read lines is removed lazily).
    private var start = 0
    /// Where the search for the next newline resumes (bytes before it have none).
    private var searchFrom = 0
    /// Inside an overlong line already reported: bytes up to its newline are dropped.
    private var isSkipping = false

    public init(maxLineBytes: Int) {
        self.maxLineBytes = maxLineBytes
    }

    /// Bytes of a line that has not ended yet (not counting a dropped overlong one).
    public var hasPartialLine: Bool { start < pending.count }

    public mutating func append(_ bytes: some Sequence<UInt8>) {
        pending.append(contentsOf: bytes)
    }

    /// The next complete line, `.tooLong`, or nil when more bytes are needed.
    public mutating func next() -> Piece? {
        if isSkipping {
            guard let newline = pending[searchFrom...].firstIndex(of: 0x0A) else {
                discard(upTo: pending.count)
                return nil
            }
            isSkipping = false
            discard(upTo: newline + 1)
        }
        guard let newline = pending[searchFrom...].firstIndex(of: 0x0A) else {
            searchFrom = pending.count
            // One more byte than the limit may be the `\r` of a line that fits.
            guard pending.count - start > maxLineBytes + 1 else { return nil }
            isSkipping = true
            discard(upTo: pending.count)
            return .tooLong
        }
        var end = newline
        if end > start, pending[end - 1] == 0x0D { end -= 1 }
        guard end - start <= maxLineBytes else {
            discard(upTo: newline + 1)
            return .tooLong
        }
        let line = Array(pending[start..<end])
        discard(upTo: newline + 1)
        return .line(line)
    }

    /// Drops the bytes before `index`; the buffer is compacted once most of it is read.
    private mutating func discard(upTo index: Int) {
        start = index
        searchFrom = index
        if start == pending.count {
            pending.removeAll(keepingCapacity: pending.count <= 1 << 16)
            start = 0
            searchFrom = 0
        } else if start >= 1 << 16, start * 2 >= pending.count {
            pending.removeFirst(start)
            searchFrom -= start
            start = 0
        }
    }

    /// Whether a line holds nothing but spaces and tabs (and is skipped unanswered).
    public static func isBlank(_ line: [UInt8]) -> Bool {
        line.allSatisfy { $0 == 0x20 || $0 == 0x09 }
    }
}
