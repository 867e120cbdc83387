import Foundation
import PickerTestSupport
import Testing

/// Another local user must not lock the person out of the page (docs/web.md,
/// "Connections"): connections from other uids get a small share, and the
/// person's page keeps its places.
@Suite(.tags(.process)) struct WebConnectionShareTests {
    static let nobody: UInt32 = 65534

    /// Holds COUNT keep-alive connections to the page and sends `GET
    /// /favicon.ico` (a public path, no session) on each about once a second,
    /// opening new ones for those closed; prints `round N held H` after each round.
    static let attacker = #"""
        import select, socket, sys, time
        port, count = int(sys.argv[1]), int(sys.argv[2])
        request = b"GET /favicon.ico HTTP/1.1\r\nHost: 127.0.0.1:%d\r\n\r\n" % port
        held = []
        for round in range(1, 1000000):
            while len(held) < count:
                try:
                    held.append(socket.create_connection(("127.0.0.1", port), timeout=1))
                except OSError:
                    break
            alive = []
            for connection in held:
                try:
                    connection.sendall(request)
                    alive.append(connection)
                except OSError:
                    connection.close()
            end = time.monotonic() + 1
            waiting = list(alive)
            while waiting and time.monotonic() < end:
                readable, _, _ = select.select(waiting, [], [], max(0, end - time.monotonic()))
                for connection in readable:
                    waiting.remove(connection)
                    try:
                        if not connection.recv(65536):
                            alive.remove(connection)
                            connection.close()
                    except OSError:
                        alive.remove(connection)
                        connection.close()
            held = alive
            print("round %d held %d" % (round, len(held)), flush=True)
            time.sleep(max(0, end - time.monotonic()))  # the attack's own pace: one round a second
        """#

    /// The python3 that runs an attack as uid 65534, or nil, with a line
    /// saying the test is skipped, where root, setpriv or python3 is missing.
    static func pythonForAnotherUser() -> String? {
        guard getuid() == 0, DaemonProcess.setpriv != nil,
            let python = ["/usr/bin/python3", "/bin/python3"].first(where: FileManager.default.fileExists)
        else {
            print("skipped: running as uid 65534 needs root, setpriv and python3")
            return nil
        }
        return python
    }

    /// The audit's attack: ~70 keep-alive connections as uid 65534, each
    /// asking for the favicon once a second; meanwhile the person's page reads
    /// its state, each time within a second.
    @Test func anotherUserCannotLockThePersonOut() throws {
        guard let python = Self.pythonForAnotherUser() else { return }
        let front = try WebFrontEnd()
        let cookie = try front.signIn()
        let attack = try CommandLineProcess(
            program: python, ["-c", Self.attacker, String(front.port), "70"],
            prefix: try DaemonProcess.runAs(uid: Self.nobody))
        defer { attack.signal(SIGKILL) }
        // Its connections are open and asking before the person reads.
        try waitForRound(1, of: attack)
        // Within a second (more under a sanitizer, which runs everything several times slower).
        let allowed = TimeInterval(Sanitizer.current.loadDivisor)
        for round in 2...6 {
            try waitForRound(round, of: attack)
            let started = Date()
            let state = try front.api("GET", "/api/state", cookie: cookie, timeout: allowed)
            #expect(state.status == 200)
            #expect(
                Date().timeIntervalSince(started) < allowed,
                "round \(round): the state took \(Date().timeIntervalSince(started)) s")
        }
        // The attacker kept a few of its connections, not none: a share, not a ban.
        let held = attack.stdoutSoFar.split(separator: "\n").compactMap {
            $0.split(separator: " ").last.flatMap { Int($0) }
        }
        #expect(held.last.map { $0 > 0 && $0 <= 8 } == true, "\(attack.stdoutSoFar)")
    }

    /// Opens COUNT connections to HOST:PORT, then asks for the favicon on
    /// each, as Host URLHOST:PORT; prints how many were answered.
    static let holder = #"""
        import socket, sys
        port, count, host, url_host = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3], sys.argv[4]
        held = [socket.create_connection((host, port), timeout=5) for _ in range(count)]
        answered = 0
        for connection in held:
            try:
                connection.sendall(b"GET /favicon.ico HTTP/1.1\r\nHost: %s:%d\r\n\r\n" % (url_host.encode(), port))
                answered += connection.recv(65536).startswith(b"HTTP/1.1 204")
            except OSError:
                pass
        print("answered %d" % answered, flush=True)
        """#

    /// Over IPv6 the peer's socket is found in /proc/net/tcp6: the person
    /// holds as many connections as it opens, another user its share.
    @Test func theSharesHoldOverIPv6() throws {
        guard let python = Self.pythonForAnotherUser() else { return }
        guard Self.canBindIPv6("::1") else {
            print("skipped: this machine has no ::1 (IPv6 is off)")
            return
        }
        let front = try WebFrontEnd(arguments: ["--listen", "[::1]:0"])
        let person = try Command.run(python, ["-c", Self.holder, String(front.port), "20", "::1", "[::1]"])
        #expect(person.output.contains("answered 20"), "\(person.output)")
        let asNobody = try DaemonProcess.runAs(uid: Self.nobody)
        let other = try Command.run(
            asNobody[0],
            Array(asNobody.dropFirst()) + [python, "-c", Self.holder, String(front.port), "20", "::1", "[::1]"])
        #expect(other.output.contains("answered 8"), "\(other.output)")
    }

    /// An IPv6 listener that takes IPv4 too sees the person's 127.0.0.1 as
    /// ::ffff:127.0.0.1, while the person's socket is listed in /proc/net/tcp:
    /// the person is still known, and holds as many connections as it opens,
    /// not the share of a peer nobody knows.
    @Test func thePersonIsKnownBehindADualStackListener() throws {
        guard let python = ["/usr/bin/python3", "/bin/python3"].first(where: FileManager.default.fileExists) else {
            print("skipped: the person's connections are opened by python3")
            return
        }
        guard Self.canBindIPv6("::ffff:127.0.0.1") else {
            print("skipped: this machine has no dual-stack IPv6 socket (IPv6 off or bindv6only)")
            return
        }
        // Not an address of loopback's own spelling, so it needs --allow-remote, though only this machine reaches it.
        let front = try WebFrontEnd(arguments: ["--listen", "[::ffff:127.0.0.1]:0", "--allow-remote"])
        let person = try Command.run(
            python, ["-c", Self.holder, String(front.port), "20", "127.0.0.1", "[::ffff:127.0.0.1]"])
        #expect(person.output.contains("answered 20"), "\(person.output)")
    }

    /// Whether an IPv6 socket can be bound to `address` here (`::1`: IPv6
    /// is on; `::ffff:127.0.0.1`: an IPv6 socket takes IPv4 too).
    static func canBindIPv6(_ address: String) -> Bool {
        let socket = Foundation.socket(AF_INET6, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { return false }
        defer { close(socket) }
        var socketAddress = sockaddr_in6()
        socketAddress.sin6_family = sa_family_t(AF_INET6)
        guard inet_pton(AF_INET6, address, &socketAddress.sin6_addr) == 1 else { return false }
        return withUnsafePointer(to: &socketAddress) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(socket, $0, socklen_t(MemoryLayout<sockaddr_in6>.size)) == 0
            }
        }
    }

    private func waitForRound(_ round: Int, of attack: CommandLineProcess) throws {
        _ = holdsWithin(60) { attack.stdoutSoFar.contains("round \(round) ") || !attack.isRunning }
        guard attack.stdoutSoFar.contains("round \(round) ") else {
            throw TestFailure("the attacker did not finish round \(round): \(attack.stdoutSoFar) \(attack.stderrSoFar)")
        }
    }
}
