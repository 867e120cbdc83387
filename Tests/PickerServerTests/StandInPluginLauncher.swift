import NIOCore
import PickerJSON
import PickerServer

/// Plugin programs for the embedded daemon: in-process stand-ins for the
/// processes pickerd runs, each behaving as `behaviours` says for its kind,
/// so that what depends on a plugin's time (`plugins.timeout_ms`) runs on the
/// manual clock. The protocol above them (ExternalPlugin) is pickerd's own;
/// real programs, and how they crash or hang, are ExternalPluginTests'.
final class StandInPluginLauncher: PluginProgramLauncher {
    enum Behaviour {
        /// Reads every request and never answers, as a hung program.
        case silent
        /// Answers every request with this value, whatever it was asked.
        case answers(JSON)
        /// Answers every request with the value it was asked about.
        case echoes
    }

    private let behaviours: [String: Behaviour]
    /// The kinds whose program was started, in order, once per start.
    private(set) var started: [String] = []
    /// Every request line the programs were sent, without its newline.
    private(set) var received: [String] = []

    init(_ behaviours: [String: Behaviour]) {
        self.behaviours = behaviours
    }

    func launch(_ spec: PluginProgramSpec, on eventLoop: any EventLoop, output: PluginProgramOutput)
        throws(PluginLaunchError) -> any PluginProgram
    {
        started.append(spec.kind)
        return StandInPluginProgram(
            behaviour: behaviours[spec.kind] ?? .silent, eventLoop: eventLoop, output: output,
            record: { [unowned self] in received.append($0) })
    }
}

/// One stand-in program; what it writes reaches the daemon on a later turn
/// of its event loop, as a process's output would.
final class StandInPluginProgram: PluginProgram {
    let pid: Int32? = nil
    private let behaviour: StandInPluginLauncher.Behaviour
    private let eventLoop: any EventLoop
    private let output: PluginProgramOutput
    private let record: (String) -> Void
    private var isTerminated = false

    init(
        behaviour: StandInPluginLauncher.Behaviour, eventLoop: any EventLoop, output: PluginProgramOutput,
        record: @escaping (String) -> Void
    ) {
        self.behaviour = behaviour
        self.eventLoop = eventLoop
        self.output = output
        self.record = record
    }

    func send(_ line: [UInt8]) {
        let text = String(decoding: line.dropLast(), as: UTF8.self)
        record(text)
        guard let request = try? JSON.parse(text), let id = request["id"] else { return }
        let value: JSON
        switch behaviour {
        case .silent: return
        case .answers(let given): value = given
        case .echoes: value = request["value"] ?? .null
        }
        let answer = Array(JSON.object(["id": id, "value": value]).serialized().utf8) + [0x0A]
        eventLoop.assumeIsolated().execute { [self] in
            guard !isTerminated else { return }
            output.stdout(answer)
        }
    }

    func terminate() {
        isTerminated = true
    }
}
