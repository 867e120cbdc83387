/// Where the web front-end listens: `HOST:PORT`, `[IPV6]:PORT`, or a port
/// alone (on 127.0.0.1). Port 0 takes a free one.
public struct ListenAddress: Sendable, Equatable, CustomStringConvertible {
    public var host: String
    public var port: Int

    public init(host: String, port: Int) {
        self.host = host
        self.port = port
    }

    /// The default: loopback, a free port.
    public static let loopback = ListenAddress(host: "127.0.0.1", port: 0)

    public static let accepted =
        "write ADDRESS:PORT, like 127.0.0.1:8080, [::1]:8080 or a port alone (0 picks a free one)"

    public init?(_ text: String) {
        let host: Substring
        let port: Substring
        if text.hasPrefix("[") {
            guard let close = text.firstIndex(of: "]"), text[close...].hasPrefix("]:") else { return nil }
            host = text[text.index(after: text.startIndex)..<close]
            port = text[text.index(close, offsetBy: 2)...]
        } else if let colon = text.lastIndex(of: ":") {
            guard !text[..<colon].contains(":") else { return nil }  // a bare IPv6 address needs brackets
            host = text[..<colon]
            port = text[text.index(after: colon)...]
        } else {
            host = "127.0.0.1"
            port = Substring(text)
        }
        guard !host.isEmpty, let number = Int(port), (0...65535).contains(number) else { return nil }
        self.init(host: String(host), port: number)
    }

    /// Whether only this machine can reach the address: 127.0.0.0/8, ::1, or
    /// `localhost`.
    public var isLoopback: Bool {
        if host == "::1" || host == "localhost" { return true }
        let parts = host.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 4 && parts[0] == "127" && parts.allSatisfy { UInt8($0) != nil }
    }

    /// Every address of the machine (`0.0.0.0`, `::`): no one name a browser
    /// would send as `Host`, nor a URL to print.
    public var isWildcard: Bool { host == "0.0.0.0" || host == "::" }

    /// The host as it appears in a URL (IPv6 in brackets).
    public var urlHost: String { host.contains(":") ? "[\(host)]" : host }

    public var description: String { "\(urlHost):\(port)" }
}
