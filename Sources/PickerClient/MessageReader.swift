import PickerJSON
import PickerProtocol

#if canImport(Glibc)
import Glibc
#endif

/// pickerd's messages on a connection, one JSON line at a time, as every
/// client reads them: blank lines and lines that do not parse are skipped,
/// and a line longer than 64 MiB ends the reading.
struct MessageReader {
    enum Next {
        case message(JSON)
        /// No more messages: why, in words for `.disconnected`.
        case end(reason: String)
    }

    private let descriptor: Int32
    private let parser = JSONParser(maxDepth: 512)
    private var assembler = LineAssembler(maxLineBytes: 64 << 20)
    private var chunk = [UInt8](repeating: 0, count: 65536)

    init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    /// The next message, reading (and blocking) as long as it takes.
    mutating func next() -> Next {
        while true {
            while let piece = assembler.next() {
                guard case .line(let line) = piece else {
                    return .end(reason: "pickerd sent a line longer than 64 MiB")
                }
                guard !LineAssembler.isBlank(line), let message = try? parser.parse(line) else { continue }
                return .message(message)
            }
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else {
                return .end(reason: count < 0 ? String(cString: strerror(errno)) : "pickerd closed the connection")
            }
            assembler.append(chunk[0..<count])
        }
    }
}
