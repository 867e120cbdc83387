/// One benchmark: it starts what it measures, runs alternating rounds, and
/// prints its table.
protocol Scenario {
    var rounds: Int { get set }
    func run() throws
}

extension PingBenchmark: Scenario {}
extension CycleBenchmark: Scenario {}
extension MemoryBenchmark: Scenario {}
extension WaitersBenchmark: Scenario {}
extension FanOutBenchmark: Scenario {}
extension OneShotBenchmark: Scenario {}
extension StackBenchmark: Scenario {}
extension HostileBenchmark: Scenario {}
