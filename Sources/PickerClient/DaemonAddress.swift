/// Where a client finds pickerd, as `--host` and `$PICKERD_HOST` say it:
/// `local` (the local daemon at the usual places), a local socket path, or
/// `ssh://[USER@]HOST[:PORT][/SOCKET]`, a daemon on another machine reached
/// through OpenSSH (`SSHTunnel`).
///
/// The text may come from a file or the environment a hostile program set,
/// and its parts end up on ssh's command line and in the remote shell's: a
/// host or user that starts with `-` would be read by ssh as an option
/// (`ssh://-oProxyCommand=…`), so such names, and any with spaces or control
/// characters, are refused before anything runs.
public enum DaemonAddress: Sendable, Equatable {
    /// A local socket; nil for the usual places (`ClientSocket.endpoint`).
    case socket(String?)
    case ssh(SSHDestination)

    /// The word for the local daemon in `--host`.
    public static let localName = "local"

    public init(parsing text: String) throws(PickerClientError) {
        if text == Self.localName {
            self = .socket(nil)
        } else if text.hasPrefix(SSHDestination.scheme) {
            self = .ssh(try SSHDestination(parsing: text))
        } else if text.contains("://") {
            throw .invalidHost(text, reason: "only ssh:// addresses are understood")
        } else if text.isEmpty || text.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
            throw .invalidHost(text, reason: "it is not a socket path")
        } else {
            self = .socket(text)
        }
    }
}

/// `ssh://[USER@]HOST[:PORT][/SOCKET]`, checked part by part.
public struct SSHDestination: Sendable, Equatable {
    static let scheme = "ssh://"
    public var user: String?
    public var host: String
    public var port: UInt16?
    /// The socket on that machine; nil for its usual places.
    public var socket: String?
    /// As written, for messages and labels.
    public var text: String

    public init(parsing text: String) throws(PickerClientError) {
        self.text = text
        let rest = text.dropFirst(Self.scheme.count)
        let authority = rest.prefix { $0 != "/" }
        let path = rest.dropFirst(authority.count)
        socket = path.isEmpty || path == "/" ? nil : String(path)
        var hostAndPort = Substring(authority)
        if let at = authority.lastIndex(of: "@") {
            user = String(authority[..<at])
            hostAndPort = authority[authority.index(after: at)...]
        }
        if hostAndPort.hasPrefix("["), let close = hostAndPort.firstIndex(of: "]") {
            // An IPv6 address: [::1]:2222
            host = String(hostAndPort[hostAndPort.index(after: hostAndPort.startIndex)..<close])
            let after = hostAndPort[hostAndPort.index(after: close)...]
            if !after.isEmpty {
                guard after.hasPrefix(":") else { throw .invalidHost(text, reason: "text follows the ] of the host") }
                port = try Self.port(after.dropFirst(), in: text)
            }
        } else if let colon = hostAndPort.lastIndex(of: ":") {
            host = String(hostAndPort[..<colon])
            port = try Self.port(hostAndPort[hostAndPort.index(after: colon)...], in: text)
        } else {
            host = String(hostAndPort)
        }
        try Self.checkName(host, "host", in: text)
        if let user {
            try Self.checkName(user, "user", in: text)
            if user.contains(":") { throw .invalidHost(text, reason: "a password does not belong in the address") }
        }
        if let socket, socket.unicodeScalars.contains(where: Self.isUnsafe) {
            throw .invalidHost(text, reason: "the socket path holds a space or a control character")
        }
    }

    /// The ssh command line that runs `pickerctl dial-stdio` there: `ssh`
    /// words (from `$PICKERD_SSH`), BatchMode unless they set it (nobody can
    /// type a password to a pipe), the port, the destination, `--` so that
    /// nothing after it is an ssh option, then the remote command. ssh hands
    /// the remote command to a shell, so the socket is quoted for it.
    public func commandLine(ssh: [String]) -> [String] {
        var words = ssh
        if !ssh.contains(where: { $0.lowercased().contains("batchmode") }) { words += ["-o", "BatchMode=yes"] }
        if let port { words += ["-p", String(port)] }
        words.append(user.map { "\($0)@\(host)" } ?? host)
        words += ["--", "pickerctl", "dial-stdio"]
        if let socket { words += ["--socket", "'" + socket.replacingQuotes() + "'"] }
        return words
    }

    private static func port(_ text: Substring, in address: String) throws(PickerClientError) -> UInt16 {
        guard let port = UInt16(text), port > 0 else { throw .invalidHost(address, reason: "the port is not a number") }
        return port
    }

    private static func checkName(_ name: String, _ what: String, in address: String) throws(PickerClientError) {
        if name.isEmpty { throw .invalidHost(address, reason: "the \(what) is empty") }
        // ssh would read it as an option (-oProxyCommand=…).
        if name.hasPrefix("-") { throw .invalidHost(address, reason: "the \(what) starts with -") }
        if name.unicodeScalars.contains(where: isUnsafe) {
            throw .invalidHost(address, reason: "the \(what) holds a space or a control character")
        }
        if what == "host", name.contains("/") || name.contains("@") {
            throw .invalidHost(address, reason: "the host holds / or @")
        }
    }

    private static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.isWhitespace || scalar.properties.generalCategory == .control
            || scalar.properties.generalCategory == .format
    }
}

extension String {
    /// Single quotes made safe inside a single-quoted shell word.
    fileprivate func replacingQuotes() -> String {
        split(separator: "'", omittingEmptySubsequences: false).joined(separator: #"'\''"#)
    }
}
