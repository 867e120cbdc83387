import PickerSystem

/// The `Host` values a request may carry, and the `Origin` a page of ours
/// sends: the address pickerweb listens on, known once it is bound (port 0
/// picks one), by each name that reaches it on this machine.
///
/// A page on another site that rebinds its DNS name to 127.0.0.1 (CVE-2018-5702)
/// reaches the port but sends its own name as `Host`, and is refused.
final class AllowedOrigins: Sendable {
    private let hosts = Locked<Set<String>>([])
    private let port = Locked(0)

    /// Allows the names of `address` at the port it was bound to.
    func bound(_ address: ListenAddress, port: Int) {
        var names: Set<String> = ["\(address.urlHost):\(port)"]
        if address.isLoopback {
            names.formUnion(["127.0.0.1:\(port)", "localhost:\(port)", "[::1]:\(port)"])
        }
        hosts.withLock { $0 = names }
        self.port.withLock { $0 = port }
    }

    /// The session cookie's name. A browser sends a host's cookies to every
    /// port on it, so the name carries ours and two pickerwebs never sign
    /// each other's pages out. (Another server on 127.0.0.1 that the browser
    /// visits does receive the cookie: README's security section says so.)
    var sessionCookie: String { "picker_session_\(port.withLock { $0 })" }

    func allows(host: String) -> Bool {
        hosts.withLock { $0.contains(host.lowercased()) }
    }

    /// An `Origin` header is `http://HOST`, for a host we allow.
    func allows(origin: String) -> Bool {
        let origin = origin.lowercased()
        guard origin.hasPrefix("http://") else { return false }
        return allows(host: String(origin.dropFirst("http://".count)))
    }
}
