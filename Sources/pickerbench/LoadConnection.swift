import Foundation

/// A blocking JSON-lines connection for load: writes a request line, reads
/// answer lines. Deliberately plain (no JSON parsing of answers beyond finding
/// the fields a scenario needs), so it is not what a measurement measures.
final class LoadConnection: @unchecked Sendable {
    // @unchecked: a scenario gives each connection to exactly one worker thread.
    private let descriptor: Int32
    private var buffer: [UInt8] = []
    private var scanned = 0

    init(socketPath: String) throws {
        descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: socketPath.utf8.prefix(107)) }
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        guard result == 0 else {
            close(descriptor)
            throw BenchmarkFailure("cannot connect to \(socketPath): \(String(cString: strerror(errno)))")
        }
    }

    deinit { close(descriptor) }

    func send(_ line: String) {
        var bytes = Array(line.utf8)
        bytes.append(0x0A)
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            guard written > 0 else { return }
            offset += written
        }
    }

    /// The next answer line as text.
    func readLine() throws -> String {
        while true {
            if let newline = buffer[scanned...].firstIndex(of: 0x0A) {
                let line = String(decoding: buffer[..<newline], as: UTF8.self)
                buffer.removeFirst(newline + 1)
                scanned = 0
                return line
            }
            scanned = buffer.count
            var chunk = [UInt8](repeating: 0, count: 65536)
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            guard count > 0 else { throw BenchmarkFailure("the daemon closed the connection") }
            buffer.append(contentsOf: chunk[0..<count])
        }
    }

    /// Sends a request and returns its answer line.
    func call(_ line: String) throws -> String {
        send(line)
        return try readLine()
    }
}

struct BenchmarkFailure: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
