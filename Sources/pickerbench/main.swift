#if canImport(Glibc)
import Glibc
#endif

// pickerbench: measurements a person runs (`swift run -c release pickerbench`),
// never part of `swift test`. Ratios are measured side by side in one run.
let arguments = Array(CommandLine.arguments.dropFirst())
let usage = """
    usage: pickerbench stack [--rounds N] [--operations N] [--windows N]
           pickerbench state [--rounds N] [--cycles N]
           pickerbench ping [--rounds N]

      stack   present+dismiss, raise+lower and hide+show with 10 and with
              100,000 open windows (the model alone, no socket)
      state   present+submit cycles over the socket against a durable and a
              memory pickerd (started from this build folder), 1 and 8 clients
      ping    pipelined (64 in flight) and one-in-flight ping against pickerd
              and pickerfloor, the minimal C server on json-c
    """

func value(after flag: String) -> Int? {
    guard let index = arguments.firstIndex(of: flag), index + 1 < arguments.count else { return nil }
    return Int(arguments[index + 1])
}

switch arguments.first {
case "stack":
    var benchmark = StackBenchmark()
    benchmark.rounds = value(after: "--rounds") ?? benchmark.rounds
    benchmark.operationsPerRound = value(after: "--operations") ?? benchmark.operationsPerRound
    benchmark.largeSize = value(after: "--windows") ?? benchmark.largeSize
    do {
        try benchmark.run()
    } catch {
        print("pickerbench: \(error)")
        exit(1)
    }
case "state":
    var benchmark = StateBenchmark()
    benchmark.rounds = value(after: "--rounds") ?? benchmark.rounds
    benchmark.cyclesPerClient = value(after: "--cycles") ?? benchmark.cyclesPerClient
    do {
        try benchmark.run()
    } catch {
        print("pickerbench: \(error)")
        exit(1)
    }
case "ping":
    var benchmark = PingBenchmark()
    benchmark.rounds = value(after: "--rounds") ?? benchmark.rounds
    do {
        try benchmark.run()
    } catch {
        print("pickerbench: \(error)")
        exit(1)
    }
case "-h", "--help", nil:
    print(usage)
default:
    print("pickerbench: unknown benchmark '\(arguments[0])'\n\n\(usage)")
    exit(64)
}
