import Foundation
import PickerJSON

/// Requests made as another local user (uid 65534 unless said), through
/// setpriv and socat, as a hostile or merely other user would make them.
public enum OtherUser {
    public static let nobody: UInt32 = 65534

    /// Sends one request line to `daemon` as `uid` and returns the answer
    /// line; nil, with a printed reason, when this machine cannot switch users
    /// (not root, or no setpriv or socat).
    public static func request(_ daemon: DaemonProcess, _ line: String, uid: UInt32 = nobody, groups: [UInt32] = [])
        throws -> JSON?
    {
        guard getuid() == 0 else {
            print("skipped: switching to uid \(uid) needs root, and the tests run as uid \(getuid())")
            return nil
        }
        guard let setpriv = DaemonProcess.setpriv,
            let socat = ["/usr/bin/socat", "/bin/socat"].first(where: FileManager.default.fileExists)
        else {
            print("skipped: setpriv (util-linux) and socat are needed to connect as another user")
            return nil
        }
        let result = try Command.run(
            setpriv,
            [
                "--reuid=\(uid)", "--regid=\(uid)",
                groups.isEmpty ? "--clear-groups" : "--groups=\(groups.map(String.init).joined(separator: ","))",
            ]
                + [socat, "-t2", "-", "UNIX-CONNECT:\(daemon.socketPath)"],
            input: line + "\n")
        guard let first = result.output.split(separator: "\n").first else {
            throw TestFailure("no answer as uid \(uid) (status \(result.status)): \(result.output)")
        }
        return try JSON.parse(String(first))
    }

    /// A daemon another user may reach (socket 0666 in a 0755 folder), with
    /// `rules` (the config's permissions.rules, as JSON) for uid 65534 and others.
    public static func reachableDaemon(rules: String) throws -> DaemonProcess {
        try DaemonProcess(
            config: #"{"socket": {"mode": "0666"}, "permissions": {"rules": \#(rules)}}"#, socketDirectoryMode: 0o755)
    }
}
