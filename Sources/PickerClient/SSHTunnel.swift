import PickerSystem

#if canImport(Glibc)
import Glibc
#endif

/// ssh running `pickerctl dial-stdio` on another machine, its standard input
/// and output one end of a socket pair whose other end the client reads and
/// writes as it would a daemon's socket. Nothing of ours listens on the
/// network: OpenSSH carries the lines, and on the far side `dial-stdio`
/// connects as the ssh user, so that daemon's permissions and its client's
/// server-uid check apply there.
///
/// ssh's standard error is kept (its last lines): when the connection ends
/// before the daemon said anything, that is why ("ssh: connect to host … port
/// 22: Connection refused"), and the client says it in ssh's own words. A
/// thread of its own reads it and reaps ssh.
final class SSHTunnel: Sendable {
    /// The client's end of the socket pair.
    let descriptor: Int32
    private let said = Locked(Said())

    private struct Said {
        var text: [UInt8] = []
        var exited = false
    }

    /// Starts ssh, as `$PICKERD_SSH` (default `ssh`) says, for `destination`.
    init(_ destination: SSHDestination, environment: [String: String]) throws(PickerClientError) {
        let command = environment["PICKERD_SSH"].flatMap { $0.isEmpty ? nil : $0 } ?? "ssh"
        guard let ssh = CommandWords.split(command), !ssh.isEmpty else {
            throw .invalidHost(destination.text, reason: "PICKERD_SSH is not a command line: \(command)")
        }
        var pair: [Int32] = [-1, -1]
        var errors: [Int32] = [-1, -1]
        guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &pair) == 0 else {
            throw .unreachable(socket: destination.text, reason: POSIX.message())
        }
        // Close-on-exec at once (no pipe2 in Glibc's module): only ssh gets them, as 0, 1 and 2.
        guard pipe(&errors) == 0, fcntl(errors[0], F_SETFD, FD_CLOEXEC) == 0, fcntl(errors[1], F_SETFD, FD_CLOEXEC) == 0
        else {
            let reason = POSIX.message()
            close(pair[0])
            close(pair[1])
            throw .unreachable(socket: destination.text, reason: reason)
        }
        let spawned = POSIX.spawn(
            destination.commandLine(ssh: ssh), environment: environment,
            descriptors: [0: pair[1], 1: pair[1], 2: errors[1]])
        close(pair[1])
        close(errors[1])
        switch spawned {
        case .success(let pid):
            descriptor = pair[0]
            let errorOutput = errors[0]
            POSIX.startThread { [said] in Self.follow(pid, errorOutput: errorOutput, into: said) }
        case .failure(let failure):
            close(pair[0])
            close(errors[0])
            throw .unreachable(socket: destination.text, reason: "\(ssh[0]): \(failure.reason)")
        }
    }

    /// What ssh said on standard error, once it has exited (waiting up to
    /// two seconds for that): its last line that says something, or nil.
    func lastWords() -> String? {
        let clock = ContinuousClock()
        let deadline = clock.now + .seconds(2)
        while !said.withLock({ $0.exited }), clock.now < deadline { usleep(10_000) }
        let text = said.withLock { String(decoding: $0.text, as: UTF8.self) }
        return text.split(whereSeparator: \.isNewline).last { !$0.allSatisfy(\.isWhitespace) }.map(String.init)
    }

    /// Reads ssh's standard error (its last 4 KiB) until ssh exits, then reaps it.
    private static func follow(_ pid: pid_t, errorOutput: Int32, into said: Locked<Said>) {
        defer { close(errorOutput) }
        var chunk = [UInt8](repeating: 0, count: 4096)
        var exited = false
        while !exited {
            var watched = pollfd(fd: errorOutput, events: Int16(POLLIN), revents: 0)
            if poll(&watched, 1, 200) > 0 {
                let count = chunk.withUnsafeMutableBytes { read(errorOutput, $0.baseAddress, $0.count) }
                if count > 0 {
                    said.withLock { said in
                        said.text += chunk[0..<count]
                        if said.text.count > 4096 { said.text.removeFirst(said.text.count - 4096) }
                    }
                    continue
                }
                if count < 0, errno == EINTR { continue }
            }
            // End of its standard error, or a quiet moment: has ssh gone?
            // (A ControlMaster ssh may keep standard error open after it.)
            var status: Int32 = 0
            let reaped = waitpid(pid, &status, watched.revents & Int16(POLLHUP) != 0 ? 0 : WNOHANG)
            exited = reaped == pid || (reaped < 0 && errno != EINTR)
        }
        // What it wrote just before exiting.
        while true {
            var watched = pollfd(fd: errorOutput, events: Int16(POLLIN), revents: 0)
            guard poll(&watched, 1, 0) > 0 else { break }
            let count = chunk.withUnsafeMutableBytes { read(errorOutput, $0.baseAddress, $0.count) }
            guard count > 0 else { break }
            said.withLock { $0.text += chunk[0..<count] }
        }
        said.withLock { $0.exited = true }
    }
}
