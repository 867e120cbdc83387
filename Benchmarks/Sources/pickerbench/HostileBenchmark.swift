#if canImport(Glibc)
import Glibc
#endif

/// Hostile load (issue 14), against the DESIGN.md target "hostile load never
/// costs a bystander's ping more than 100 ms": each attack on a fresh daemon
/// while a bystander pings every 10 ms; the daemon's peak memory and what stays
/// after the attacker left; whether the attacker was closed or refused. With a
/// baseline (another pickerd binary) the two run in alternating rounds.
struct HostileBenchmark {
    var rounds = 3
    /// Another pickerd to compare against, such as an older build.
    var baseline: String?
    /// The attacks to run, by name; empty: all.
    var attacks: [String] = []

    func run() throws -> [TargetCheck] {
        let chosen =
            try attacks.isEmpty
            ? HostileAttack.all
            : attacks.map { name in
                guard let attack = HostileAttack.all.first(where: { $0.name == name }) else {
                    throw BenchmarkFailure(
                        "no attack named \(name); they are \(HostileAttack.all.map(\.name).joined(separator: ", "))")
                }
                return attack
            }
        let contenders: [String?] = baseline.map { [$0, nil] } ?? [nil]
        print("hostile load: each attack on a fresh daemon (memory state) while a bystander of the daemon's")
        print(
            "own user pings every 10 ms (\(rounds) round\(rounds == 1 ? "" : "s")\(baseline == nil ? "" : ", alternating"); medians, min–max)"
        )
        if let baseline { print("baseline: \(baseline)") }
        print("this build: \(BenchDaemon.sibling("pickerd"))\n")
        let table = ComparisonTable(
            columns: baseline == nil ? ["this build"] : ["baseline", "this build"],
            ratio: baseline == nil ? nil : "this/baseline")
        for attack in chosen {
            print("\n" + attack.title)
            fflush(nil)  // what is done so far shows, also through a pipe
            var figures = contenders.map { _ in AttackFigures() }
            do {
                for _ in 0..<rounds {
                    for (index, pickerd) in contenders.enumerated() {
                        figures[index].add(try attack.round(pickerd: pickerd))
                    }
                }
            } catch {
                print("  failed: \(error)")
                continue
            }
            figures.first!.printRows(table, all: figures)
        }
        print(
            """

            Target: no attack costs the bystander's ping more than 100 ms. RSS in MiB: before the
            attack (settled), its peak during the attack (VmHWM), and 1 s after the attacker left.
            """)
        return []
    }
}

/// One attack of issue 14: the daemon it needs, what it does, and the
/// figures and words it records beside the bystander's pings and the memory.
struct HostileAttack: Sendable {
    var name: String
    var title: String
    var config: @Sendable (String) -> String = { _ in HostileAttack.memoryConfig }
    /// Starts the daemon under `prlimit --nofile`.
    var openFiles: Int?
    /// Before the memory is read and the bystander starts.
    var prepare: @Sendable (BenchDaemon) throws -> Void = { _ in }
    /// Afterwards, whether SIGTERM still ends the daemon.
    var asksSIGTERM = false
    /// The attack itself; it returns once the attacker has left.
    var run: @Sendable (AttackRound) throws -> Void

    static let memoryConfig = #"{"state": {"durability": "memory"}}"#

    func round(pickerd: String?) throws -> AttackRound {
        let daemon = try BenchDaemon(pickerd: pickerd, openFiles: openFiles) { config($0.path) }
        try prepare(daemon)
        let bystander = try Bystander(socketPath: daemon.socketPath)
        usleep(300_000)
        let probe = daemon.probe
        probe.resetPeak()
        let round = AttackRound(daemon: daemon, bystander: bystander, before: probe.residentBytes())
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        let startedAt = Int64(now.tv_sec) * 1_000_000_000 + Int64(now.tv_nsec)
        bystander.start()
        do {
            try run(round)
        } catch {
            _ = bystander.stop()
            throw error
        }
        bystander.awaitPing(timeout: 15)
        // What the attacker left comes back (or not) meanwhile.
        usleep(1_000_000)
        round.pings = bystander.stop()
        round.peak = probe.peakResidentBytes()
        round.after = probe.residentBytes()
        // From inside the daemon, what the machine's load distorts less than a ping.
        let stall = daemon.longestLoopStall(since: startedAt)
        round.stallCPU = stall?.cpu ?? .nan
        round.stallWall = stall?.wall ?? .nan
        if let stall { round.stallRan = stall.ran }
        if asksSIGTERM {
            let exited = daemon.stop(within: 5)
            round.say("SIGTERM", exited == nil ? "still running after 5 s" : "exits")
            round.record("SIGTERM to exit, ms", exited ?? .nan)
        }
        return round
    }
}

/// One round of an attack against one daemon: what the attack may use, and
/// what it found.
final class AttackRound {
    let daemon: BenchDaemon
    let bystander: Bystander
    var socket: String { daemon.socketPath }
    let before: Double
    var peak = Double.nan
    var after = Double.nan
    var pings = Bystander.Pings(worst: .nan, p99: .nan, unanswered: false)
    /// The daemon's longest event-loop stall during the round (`PICKERD_LOOP_PROBE`), ms.
    var stallCPU = Double.nan
    var stallWall = Double.nan
    var stallRan: String?
    private(set) var figures: [(name: String, value: Double, decimals: Int)] = []
    private(set) var words: [(name: String, text: String)] = []

    init(daemon: BenchDaemon, bystander: Bystander, before: Double) {
        self.daemon = daemon
        self.bystander = bystander
        self.before = before
    }

    func record(_ name: String, _ value: Double, decimals: Int = 0) {
        figures.append((name, value, decimals))
    }

    func say(_ name: String, _ text: String) {
        words.append((name, text))
    }

    /// Lets the attack go on for `seconds`, then until the daemon has answered
    /// a ping sent after that.
    func observe(seconds: Double) {
        usleep(UInt32(seconds * 1_000_000))
        bystander.awaitPing(timeout: 60)
    }
}

/// One contender's rounds of one attack.
struct AttackFigures {
    var worst = Sample()
    var p99 = Sample()
    var unanswered = 0
    var stallCPU = Sample()
    var stallWall = Sample()
    var stallsRan: [String] = []
    var before = Sample()
    var peak = Sample()
    var after = Sample()
    var figures: [(name: String, sample: Sample, decimals: Int)] = []
    var words: [(name: String, texts: [String])] = []
    var rounds = 0

    mutating func add(_ round: AttackRound) {
        rounds += 1
        worst.add(round.pings.worst)
        p99.add(round.pings.p99)
        if round.pings.unanswered { unanswered += 1 }
        stallCPU.add(round.stallCPU)
        stallWall.add(round.stallWall)
        if let ran = round.stallRan { stallsRan.append(ran) }
        before.add(round.before / 1_048_576)
        peak.add(round.peak / 1_048_576)
        after.add(round.after / 1_048_576)
        for figure in round.figures {
            if let index = figures.firstIndex(where: { $0.name == figure.name }) {
                figures[index].sample.add(figure.value)
            } else {
                var sample = Sample()
                sample.add(figure.value)
                figures.append((figure.name, sample, figure.decimals))
            }
        }
        for word in round.words {
            if let index = words.firstIndex(where: { $0.name == word.name }) {
                words[index].texts.append(word.text)
            } else {
                words.append((word.name, [word.text]))
            }
        }
    }

    /// The rounds' words: one, or each with how often it came.
    func summary(_ name: String) -> String {
        let texts = words.first { $0.name == name }?.texts ?? []
        var counted: [(String, Int)] = []
        for text in texts {
            if let index = counted.firstIndex(where: { $0.0 == text }) {
                counted[index].1 += 1
            } else {
                counted.append((text, 1))
            }
        }
        return counted.count == 1 ? counted[0].0 : counted.map { "\($0.0) ×\($0.1)" }.joined(separator: ", ")
    }

    func printRows(_ table: ComparisonTable, all: [AttackFigures]) {
        table.row("  bystander's worst ping, ms", all.map(\.worst), decimals: 1)
        table.row("  bystander's p99 ping, ms", all.map(\.p99), decimals: 1)
        if all.contains(where: { $0.unanswered > 0 }) {
            table.row(
                "  a ping still unanswered at the end", texts: all.map { "\($0.unanswered) of \($0.rounds) rounds" })
        }
        table.row("  daemon's longest loop stall, CPU ms", all.map(\.stallCPU), decimals: 1)
        table.row("  the same stall, wall ms", all.map(\.stallWall), decimals: 1)
        table.row("  RSS before, MiB", all.map(\.before), decimals: 1)
        table.row("  peak RSS, MiB", all.map(\.peak), decimals: 1)
        table.row("  RSS after it left, MiB", all.map(\.after), decimals: 1)
        for (index, figure) in figures.enumerated() {
            table.row("  " + figure.name, all.map { $0.figures[index].sample }, decimals: figure.decimals)
        }
        for word in words {
            table.row("  " + word.name, texts: all.map { $0.summary(word.name) })
        }
        // What ran in each round's longest stall, as the daemon noted it.
        for (index, figures) in all.enumerated() where !figures.stallsRan.isEmpty {
            print("  longest stalls of \(table.columns[index]) ran: " + figures.stallsRan.joined(separator: " | "))
        }
    }
}
