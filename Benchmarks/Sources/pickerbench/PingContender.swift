/// A server the `ping` scenario measures, the line it answers as a ping, and
/// its figures over the rounds.
struct PingContender {
    let name: String
    let server: BenchDaemon
    let request: [UInt8]

    var pipelined = Sample()
    var pipelinedServerCPU = Sample()
    /// The server's CPU time per request, µs.
    var pipelinedServerCPUPerRequest = Sample()
    var pipelinedClientCPU = Sample()
    var wide = Sample()
    var wideServerCPU = Sample()
    var wideClientCPU = Sample()
    var p50 = Sample()
    var p99 = Sample()

    init(_ name: String, _ server: BenchDaemon, request: [UInt8] = PingBenchmark.request) {
        self.name = name
        self.server = server
        self.request = request
    }
}
