#if canImport(Glibc)
import Glibc
#endif

// pickerbench: measurements a person runs, never part of `swift test`.
// Ratios are measured side by side in one run, in alternating rounds.
let usage = """
    usage: pickerbench [SCENARIO ...] [--rounds N] [--baseline PICKERD] [--attack NAME ...]

    Build everything first (`swift build -c release`), then run
    .build/release/pickerbench; it starts pickerd, pickerfloor and pickerctl
    from its own folder. With no scenario it runs all but `stack`, `parse`
    and `hostile`, in order, then prints each target of DESIGN.md that ran beside
    what it measured, met or not:

      ping      pipelined (64 in flight), 4 connections × 64 and one-in-flight
                ping against pickerd, pickerfloor (the minimal C server on
                json-c) and mpv's JSON IPC, the peer, when mpv is installed
                (a measuring peer only: without it, its column is skipped)
      cycles    present+submit, pipelined over 8 connections: durable vs the
                floor's ping rate, vs memory, and with 100,000 windows open
      memory    idle RSS and RSS per open window at 100,000 windows
      restart   pickerd's start to READY=1 (sd_notify) on durable state with
                100,000 open windows and 10,000 outcomes, and on empty state;
                preparing the state takes a while
      waiters   1,000 connections each waiting on a present, all answered
      fanout    100 subscribers, every event delivered to each, in order
      oneshot   `pickerctl ping`, `badge` and `list` vs socat sending the
                same line (needs socat)
      stack     the model alone, no socket: stack operations at 10 and
                100,000 open windows
      parse     the parse path alone, in process: CPU per request line read
                into its method's params, the whole line made a JSON tree
                first (before) vs the envelope read from json-c's objects
      hostile   the attacks of issue 14, each on a fresh daemon, while a
                bystander pings every 10 ms: its worst and p99 ping, the
                daemon's peak RSS and RSS after, whether the attacker was
                closed or refused. Not in the default set: it takes about
                11 minutes with --baseline PICKERD (another pickerd binary,
                such as an older build, run in alternating rounds), about
                5 without. Needs root (some attackers connect as uid 65534)
                and python3. --attack NAME runs only that attack (lists,
                plugins, observers, subscriptions, subscriptions-own, waits,
                idle, plugin-spin, actions, form, tree, titles)
    """

/// The values of every `--name VALUE`, taken out of `arguments`.
func takeOption(_ name: String, from arguments: inout [String]) -> [String] {
    var values: [String] = []
    while let index = arguments.firstIndex(of: name) {
        guard index + 1 < arguments.count else {
            print("pickerbench: \(name) needs a value")
            exit(64)
        }
        values.append(arguments[index + 1])
        arguments.removeSubrange(index...index + 1)
    }
    return values
}

var arguments = Array(CommandLine.arguments.dropFirst())
var rounds: Int?
if let value = takeOption("--rounds", from: &arguments).last {
    guard let number = Int(value), number > 0 else {
        print("pickerbench: --rounds needs a positive number")
        exit(64)
    }
    rounds = number
}
let baseline = takeOption("--baseline", from: &arguments).last
let attacks = takeOption("--attack", from: &arguments)
if arguments.contains("-h") || arguments.contains("--help") {
    print(usage)
    exit(0)
}

let all = ["ping", "cycles", "memory", "restart", "waiters", "fanout", "oneshot"]
let chosen = arguments.isEmpty ? all : arguments
for name in chosen where !(all + ["stack", "parse", "hostile"]).contains(name) {
    print("pickerbench: unknown scenario '\(name)'; run pickerbench --help for the list")
    exit(64)
}

// 1,000 waiters need more descriptors than the usual soft limit of 1,024;
// the daemons started from here inherit the raised limit.
var limit = rlimit()
if getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0, limit.rlim_cur < 8192 {
    limit.rlim_cur = min(limit.rlim_max, 8192)
    setrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
}
signal(SIGPIPE, SIG_IGN)
CPUPinning.pinToClientCPUs()

print("pickerbench \(machineDescription())\n")
var checks: [TargetCheck] = []
do {
    for (position, name) in chosen.enumerated() {
        if position > 0 { print("\n" + String(repeating: "─", count: 100) + "\n") }
        var scenario: any Scenario =
            switch name {
            case "ping": PingBenchmark()
            case "cycles": CycleBenchmark()
            case "memory": MemoryBenchmark()
            case "waiters": WaitersBenchmark()
            case "fanout": FanOutBenchmark()
            case "oneshot": OneShotBenchmark()
            case "restart": RestartBenchmark()
            case "hostile": HostileBenchmark(baseline: baseline, attacks: attacks)
            case "parse": ParseBenchmark()
            default: StackBenchmark()
            }
        if let rounds { scenario.rounds = rounds }
        checks += try scenario.run()
        fflush(nil)  // each scenario's table shows when it is done, also through a pipe
    }
    if !checks.isEmpty {
        print("\n" + String(repeating: "─", count: 100) + "\n")
        TargetCheck.printSummary(checks)
    }
} catch {
    print("pickerbench: \(error)")
    exit(1)
}

/// The date, the CPU model and count, and memory, for the record.
func machineDescription() -> String {
    var now = time(nil)
    var parts = tm()
    gmtime_r(&now, &parts)
    var date = [CChar](repeating: 0, count: 32)
    strftime(&date, date.count, "%Y-%m-%d %H:%M UTC", &parts)
    let cpuinfo = readText("/proc/cpuinfo") ?? ""
    let model =
        cpuinfo.split(separator: "\n").first { $0.hasPrefix("model name") }?.split(separator: ":").last?
        .trimmingPrefix(" ") ?? "unknown CPU"
    let memory = (readText("/proc/meminfo") ?? "").split(separator: "\n").first?.filter(\.isNumber) ?? ""
    let gib = (Double(String(memory)) ?? 0) / 1_048_576
    let dateText = String(decoding: date.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    let pinning = CPUPinning.isActive ? " · servers on CPU \(CPUPinning.cpuCount - 1), load on the others" : ""
    return "\(dateText) · \(CPUPinning.cpuCount) × \(model) · \(gib.formatted(decimals: 1)) GiB\(pinning)"
}
