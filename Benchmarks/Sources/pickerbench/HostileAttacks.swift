// swift-format-ignore-file: OnlyOneTrailingClosureArgument

// Each attack's body is the trailing closure of its HostileAttack, after the
// closures that configure and prepare its daemon.
import Foundation
import PickerJSON

/// The attacks of issue 14 on connections, answers, events, waits and
/// descriptors. Where per-user quotas decide, the attacker is uid 65534
/// (`nobody`), connecting from a thread that takes its ids for the connect;
/// the daemon's own user and root have no per-user quota.
extension HostileAttack {
    static let nobody: UInt32 = 65534

    static let all: [HostileAttack] = [
        lists, plugins, observers, subscriptions(uid: nobody), subscriptions(uid: 0), waits, idle,
        pluginSpin, actions, form, tree, titles,
    ]

    /// The socket open to uid 65534 (mode 0666 in a 0755 folder), which is
    /// granted `permission` if one is named.
    static func sharedConfig(allowing permission: String? = nil) -> String {
        let rules = permission.map { #", "permissions": {"rules": [{"uid": 65534, "allow": ["\#($0)"]}]}"# } ?? ""
        return #"{"state": {"durability": "memory"}, "socket": {"mode": "0666", "directory_mode": "0755"}\#(rules)}"#
    }

    static let lists = HostileAttack(
        name: "lists", title: "a batch of 20 `list` with 100,000 windows open, never read (uid 0)",
        config: { _ in
            #"{"state": {"durability": "memory"}, "limits": {"max_windows": 1000000, "max_windows_per_connection": 1000000}}"#
        },
        prepare: { try CycleLoad.fill(socket: $0.socketPath, windows: 100_000) }
    ) { round in
        let sleeper = try LoadConnection(socketPath: round.socket)
        let cpu = round.daemon.probe.cpuSeconds()
        sleeper.send(batch(20) { request("list", id: $0) })
        round.observe(seconds: 3)
        round.record("daemon CPU s meanwhile", round.daemon.probe.cpuSeconds() - cpu, decimals: 2)
        round.say("the attacker", sleeper.isClosedByPeer ? "closed" : "open")
        sleeper.shutdown()
    }

    static let plugins = HostileAttack(
        name: "plugins", title: "100 connections × a batch of 1,000 `plugins`, never read (uid 65534)",
        config: { _ in sharedConfig() }
    ) { round in
        let line = batch(1000) { request("plugins", id: $0) }
        let sleepers = try (0..<100).map { _ in try LoadConnection(socketPath: round.socket, uid: nobody) }
        let cpu = round.daemon.probe.cpuSeconds()
        for sleeper in sleepers { sleeper.send(line) }
        round.observe(seconds: 3)
        round.record("daemon CPU s meanwhile", round.daemon.probe.cpuSeconds() - cpu, decimals: 2)
        round.record("attackers closed, of 100", Double(sleepers.count(where: \.isClosedByPeer)))
        for sleeper in sleepers { sleeper.shutdown() }
    }

    static let observers = HostileAttack(
        name: "observers",
        title: "100 subscribers to every event that never read (uid 65534); uid 0 runs 2,000 present+submit",
        config: { _ in sharedConfig(allowing: "observe") }
    ) { round in
        let sleepers = try (0..<100).map { _ in try LoadConnection(socketPath: round.socket, uid: nobody) }
        for sleeper in sleepers { _ = try sleeper.call(request("subscribe")) }
        let asker = try LoadConnection(socketPath: round.socket)
        var cycles = Sample()
        let start = ContinuousClock.now
        let cpu = round.daemon.probe.cpuSeconds()
        for _ in 0..<2000 { cycles.add(try presentSubmit(asker)) }
        round.record("present+submit, median ms", cycles.median, decimals: 2)
        round.record(
            "daemon CPU meanwhile, % of a core", (round.daemon.probe.cpuSeconds() - cpu) / seconds(since: start) * 100)
        round.observe(seconds: 1)
        round.record("subscribers closed, of 100", Double(sleepers.count(where: \.isClosedByPeer)))
        for sleeper in sleepers { sleeper.shutdown() }
    }

    /// 50 connections of `uid` subscribe 64 times each and read every event
    /// while the daemon's own user does present+submit for 2 s.
    static func subscriptions(uid: UInt32) -> HostileAttack {
        HostileAttack(
            name: uid == 0 ? "subscriptions-own" : "subscriptions",
            title: "50 connections × 64 subscriptions that read (uid \(uid)); uid 0 does present+submit for 2 s",
            config: { _ in sharedConfig(allowing: "observe") }
        ) { round in
            let asker = try LoadConnection(socketPath: round.socket)
            let alone = try presentSubmit(asker, forSeconds: 0.5)
            let readers = try (0..<50).map { _ in try LoadConnection(socketPath: round.socket, uid: uid) }
            var granted = 0
            for reader in readers {
                reader.send(batch(64) { request("subscribe", id: $0) })
                granted += try reader.readLine().occurrences(of: #""subscription":"#)
            }
            // At the lowest priority (on Linux, PRIO_PROCESS 0 is the calling
            // thread): 50 readers on the load CPU would otherwise delay the
            // asker and the bystander, and that is not the daemon's doing.
            let reading = ConnectionThreads(readers) { reader in
                setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, 19)
                while (try? reader.readLineEnds()) != nil {}
            }
            let start = ContinuousClock.now
            let cpu = round.daemon.probe.cpuSeconds()
            let cycles = try presentSubmit(asker, forSeconds: 2)
            round.record("present+submit, median ms", cycles.median, decimals: 2)
            round.record("the same before, median ms", alone.median, decimals: 2)
            round.record(
                "daemon CPU meanwhile, % of a core",
                (round.daemon.probe.cpuSeconds() - cpu) / seconds(since: start) * 100)
            round.record("subscriptions granted, of 3,200", Double(granted))
            for reader in readers { reader.shutdown() }
            try reading.join()
        }
    }

    static let waits = HostileAttack(
        name: "waits", title: "60,000 `wait`s with a 3 s timeout expiring together, 6 connections × 10,000 (uid 0)"
    ) { round in
        let owner = try LoadConnection(socketPath: round.socket)
        let presented = try JSON.parse(try owner.call(request("present", #"{"kind":"text"}"#)))
        guard let window = presented["result"]?["window"]?.stringValue else {
            throw BenchmarkFailure("present failed: \(presented)")
        }
        let waiters = try (0..<6).map { _ in try LoadConnection(socketPath: round.socket) }
        let start = ContinuousClock.now
        for waiter in waiters {
            for _ in 0..<10 {
                waiter.send(batch(1000) { request("wait", #"{"window":"\#(window)","timeout_ms":3000}"#, id: $0) })
            }
        }
        // Each batch is answered once all of its waits have timed out.
        var expired = 0
        for waiter in waiters {
            for _ in 0..<10 where waiter.waitForInput(milliseconds: 120_000) {
                expired += try waiter.readLine().occurrences(of: "-32003")
            }
        }
        round.record("all answered, s after sending", seconds(since: start), decimals: 2)
        round.record("timed out (-32003), of 60,000", Double(expired))
    }

    static let idle = HostileAttack(
        name: "idle", title: "300 connections holding nothing, the daemon under prlimit --nofile=256 (uid 65534)",
        config: { _ in sharedConfig() }, openFiles: 256
    ) { round in
        var flood: [LoadConnection] = []
        for _ in 0..<300 { flood.append(try LoadConnection(socketPath: round.socket, uid: nobody)) }
        usleep(500_000)
        let cpu = round.daemon.probe.cpuSeconds()
        usleep(3_000_000)
        round.record("daemon CPU s in 3 idle s", round.daemon.probe.cpuSeconds() - cpu, decimals: 2)
        round.record("flood connections closed, of 300", Double(flood.count(where: \.isClosedByPeer)))
        // Someone of the daemon's own user connecting now.
        let late = try LoadConnection(socketPath: round.socket)
        late.send(request("ping"))
        round.say("a new connection of uid 0", late.waitForInput(milliseconds: 2000) ? "answered" : "no answer in 2 s")
        for connection in flood { connection.shutdown() }
    }

    /// Present+submit cycles for `seconds` (at least 3), in milliseconds each.
    static func presentSubmit(_ client: LoadConnection, forSeconds limit: Double) throws -> Sample {
        var cycles = Sample()
        let start = ContinuousClock.now
        while seconds(since: start) < limit || cycles.values.count < 3 { cycles.add(try presentSubmit(client)) }
        return cycles
    }

    /// One present of a text window, then a submit of it; milliseconds.
    static func presentSubmit(_ client: LoadConnection) throws -> Double {
        let start = ContinuousClock.now
        let answer = try JSON.parse(try client.call(request("present", #"{"kind":"text"}"#)))
        guard let window = answer["result"]?["window"]?.stringValue else {
            throw BenchmarkFailure("present failed: \(answer)")
        }
        _ = try client.call(request("submit", #"{"window":"\#(window)","value":"x"}"#))
        return seconds(since: start) * 1000
    }

    static func request(_ method: String, _ params: String? = nil, id: Int = 1) -> String {
        #"{"jsonrpc":"2.0","id":\#(id),"method":"\#(method)""# + (params.map { #","params":\#($0)}"# } ?? "}")
    }

    static func batch(_ count: Int, _ element: (Int) -> String) -> String {
        "[" + (0..<count).map(element).joined(separator: ",") + "]"
    }
}

extension String {
    func occurrences(of part: String) -> Int {
        components(separatedBy: part).count - 1
    }
}
