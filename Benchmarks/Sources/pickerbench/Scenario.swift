/// One benchmark: it starts what it measures, runs alternating rounds, prints
/// its table, and returns its figures against DESIGN.md's targets (none for a
/// scenario that measures no target).
protocol Scenario {
    var rounds: Int { get set }
    func run() throws -> [TargetCheck]
}

extension PingBenchmark: Scenario {}
extension CycleBenchmark: Scenario {}
extension MemoryBenchmark: Scenario {}
extension WaitersBenchmark: Scenario {}
extension FanOutBenchmark: Scenario {}
extension OneShotBenchmark: Scenario {}
extension RestartBenchmark: Scenario {}
extension StackBenchmark: Scenario {}
extension ParseBenchmark: Scenario {}
extension HostileBenchmark: Scenario {}
