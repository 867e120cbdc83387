import Foundation

/// HTTP/1.1 by hand over a loopback TCP socket, so a test sends exactly the
/// request line and headers it means to, a forged `Host` or `Origin` included.
public enum RawHTTP {
    public struct Response: Sendable {
        public var status: Int
        /// Header names lowercased; a repeated header keeps its last value.
        public var headers: [String: String]
        public var body: String
    }

    /// Sends one request (`Connection: close` is added) and reads the whole response.
    public static func request(
        _ method: String, _ path: String, port: Int, host: String? = nil, headers: [String: String] = [:],
        body: String? = nil,
        timeout: TimeInterval = 10
    ) throws -> Response {
        let socket = try connect(port: port, timeout: timeout)
        defer { close(socket) }
        try send(requestText(method, path, port: port, host: host, headers: headers, body: body), on: socket)
        return try parse(readAll(socket))
    }

    /// A stream (`GET` with `Accept: text/event-stream`), read as it comes.
    public final class Stream: @unchecked Sendable {
        // @unchecked: read by the one test that opened it.
        private let socket: Int32
        /// Everything received so far, headers included.
        public private(set) var received = ""

        public init(_ path: String, port: Int, headers: [String: String] = [:]) throws {
            socket = try RawHTTP.connect(port: port, timeout: 0.2)
            var all = headers
            all["Accept"] = "text/event-stream"
            try RawHTTP.send(requestText("GET", path, port: port, host: nil, headers: all, body: nil), on: socket)
        }

        deinit { close(socket) }

        /// Reads until `until` holds for all received, the stream ends, or
        /// `timeout` passes; all received.
        @discardableResult
        public func read(timeout: TimeInterval = 10, until: (String) -> Bool) -> String {
            var data = Data()
            let deadline = Date().addingTimeInterval(timeout)
            var buffer = [UInt8](repeating: 0, count: 4096)
            while !until(received), Date() < deadline {
                let count = Foundation.read(socket, &buffer, buffer.count)
                if count > 0 {
                    data.append(contentsOf: buffer[0..<count])
                    // Whole characters only: a chunk may end inside one.
                    if let text = String(data: data, encoding: .utf8) {
                        received += text
                        data.removeAll()
                    }
                } else if count == 0 || (errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR) {
                    break
                }
            }
            return received
        }
    }

    fileprivate static func requestText(
        _ method: String, _ path: String, port: Int, host: String?, headers: [String: String], body: String?
    )
        -> String
    {
        var text = "\(method) \(path) HTTP/1.1\r\nHost: \(host ?? "127.0.0.1:\(port)")\r\nConnection: close\r\n"
        for (name, value) in headers { text += "\(name): \(value)\r\n" }
        if let body { text += "Content-Length: \(body.utf8.count)\r\n" }
        text += "\r\n" + (body ?? "")
        return text
    }

    fileprivate static func connect(port: Int, timeout: TimeInterval) throws -> Int32 {
        let socket = Foundation.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { throw TestFailure("socket: \(String(cString: strerror(errno)))") }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                Foundation.connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else {
            close(socket)
            throw TestFailure("cannot connect to 127.0.0.1:\(port): \(String(cString: strerror(errno)))")
        }
        var interval = timeval(tv_sec: Int(timeout), tv_usec: Int((timeout - Double(Int(timeout))) * 1_000_000))
        setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &interval, socklen_t(MemoryLayout<timeval>.size))
        return socket
    }

    fileprivate static func send(_ text: String, on socket: Int32) throws {
        let bytes = Array(text.utf8)
        var sent = 0
        while sent < bytes.count {
            let count = bytes[sent...].withUnsafeBytes { write(socket, $0.baseAddress, $0.count) }
            guard count > 0 else { throw TestFailure("write: \(String(cString: strerror(errno)))") }
            sent += count
        }
    }

    private static func readAll(_ socket: Int32) throws -> Data {
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = read(socket, &buffer, buffer.count)
            if count > 0 {
                data.append(contentsOf: buffer[0..<count])
            } else if count == 0 {
                return data
            } else if errno != EINTR {
                throw TestFailure("read: \(String(cString: strerror(errno))) after \(data.count) bytes")
            }
        }
    }

    private static func parse(_ data: Data) throws -> Response {
        let text = String(decoding: data, as: UTF8.self)
        guard let end = text.range(of: "\r\n\r\n") else {
            throw TestFailure("not an HTTP response: \(text.prefix(200))")
        }
        let lines = text[..<end.lowerBound].components(separatedBy: "\r\n")
        guard let statusLine = lines.first, let status = Int(statusLine.split(separator: " ").dropFirst().first ?? "")
        else {
            throw TestFailure("no status line: \(text.prefix(200))")
        }
        var headers: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(
                in: .whitespaces)
        }
        var body = String(text[end.upperBound...])
        if headers["transfer-encoding"]?.lowercased() == "chunked" { body = unchunked(body) }
        return Response(status: status, headers: headers, body: body)
    }

    private static func unchunked(_ text: String) -> String {
        var rest = Substring(text)
        var body = ""
        while let lineEnd = rest.range(of: "\r\n"), let size = Int(rest[..<lineEnd.lowerBound], radix: 16), size > 0 {
            let start = lineEnd.upperBound
            let bytes = Array(rest[start...].utf8.prefix(size))
            body += String(decoding: bytes, as: UTF8.self)
            rest = rest[start...].dropFirst(String(decoding: bytes, as: UTF8.self).count + 2)
        }
        return body
    }
}
