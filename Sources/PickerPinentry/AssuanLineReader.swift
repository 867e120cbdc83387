#if canImport(Glibc)
import Glibc
#endif

/// Cuts what the Assuan peer writes into lines, as libassuan reads them: LF
/// ends a line, a CR before it is dropped, and a line longer than
/// `longestLine` bytes is refused whole.
public struct AssuanLineReader {
    public enum Line: Equatable {
        case line([UInt8])
        /// A line over `longestLine` bytes; it is skipped up to its LF.
        case tooLong
        /// The peer closed; `partial` holds what came after the last LF, if anything.
        case end(partial: [UInt8])
    }

    /// The longest line, without its LF: libassuan writes at most 1,000
    /// bytes and a newline (ASSUAN_LINELENGTH, 1,002, with CR and LF).
    public static let longestLine = 1000

    private let read: (UnsafeMutableRawBufferPointer) -> Int
    private var buffer: [UInt8] = []
    private var start = 0
    private var ended = false

    /// Reads with `read`, which fills the buffer it is given and returns the
    /// count, 0 at the end, or -1 on an error (which also ends the input).
    public init(read: @escaping (UnsafeMutableRawBufferPointer) -> Int) {
        self.read = read
    }

    /// Reads from a file descriptor (standard input).
    public init(descriptor: Int32) {
        self.init { buffer in
            while true {
                let count = Glibc.read(descriptor, buffer.baseAddress, buffer.count)
                if count >= 0 || errno != EINTR { return count }
            }
        }
    }

    public mutating func next() -> Line {
        var skipping = false
        while true {
            if let newline = buffer[start...].firstIndex(of: UInt8(ascii: "\n")) {
                var end = newline
                if end > start, buffer[end - 1] == UInt8(ascii: "\r") { end -= 1 }
                let line = Array(buffer[start..<end])
                start = newline + 1
                if skipping || line.count > Self.longestLine {
                    return .tooLong
                }
                return .line(line)
            }
            // No LF yet: a line already too long is dropped as it comes.
            if buffer.count - start > Self.longestLine + 1 {
                skipping = true
                buffer.removeAll(keepingCapacity: true)
                start = 0
            }
            if ended {
                if skipping { return .tooLong }
                let partial = Array(buffer[start...])
                buffer.removeAll()
                start = 0
                return .end(partial: partial)
            }
            if start > 0 {
                buffer.removeFirst(start)
                start = 0
            }
            var chunk = [UInt8](repeating: 0, count: 4096)
            let count = chunk.withUnsafeMutableBytes { read($0) }
            if count <= 0 {
                ended = true
            } else {
                buffer += chunk[0..<count]
            }
        }
    }
}
