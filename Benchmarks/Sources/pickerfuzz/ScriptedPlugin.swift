import NIOCore
import PickerJSON
import PickerServer

/// Plugin programs for the fuzz target: in-process stand-ins for the
/// processes the daemon runs, which do what the fuzz script says, well or
/// badly. Starting real processes per input would be far too slow; the
/// protocol above them (ExternalPlugin) is the same.
final class ScriptedPluginLauncher: PluginProgramLauncher {
    /// The program last started for each kind.
    private(set) var programs: [String: ScriptedPluginProgram] = [:]
    /// The next launch fails, as a program that cannot be executed would.
    var refusesNextLaunch = false

    func launch(_ spec: PluginProgramSpec, on eventLoop: any EventLoop, output: PluginProgramOutput)
        throws(PluginLaunchError)
        -> any PluginProgram
    {
        if refusesNextLaunch {
            refusesNextLaunch = false
            throw PluginLaunchError("cannot run \(spec.command[0]): the script says so")
        }
        let program = ScriptedPluginProgram(kind: spec.kind, output: output)
        programs[spec.kind] = program
        return program
    }
}

/// One scripted program: it keeps the requests it was sent and, when the
/// script says, answers or misbehaves. Anything it writes to stdout that is
/// not an answer carries `canary`, which must never reach a client or the log.
final class ScriptedPluginProgram: PluginProgram {
    /// Marks what a plugin writes that pickerd must not echo.
    static let canary = "PLUGIN-STDOUT-7Q"

    enum Action: UInt8, CaseIterable {
        /// Answers the oldest waiting request with its own value.
        case answer
        /// Refuses it with the payload as its sentence (control characters and all).
        case refuse
        case answerTwice
        /// Answers an id it was not given.
        case answerWrongID
        /// Writes the payload and the canary as a line: not JSON, or not an answer.
        case garbage
        /// Writes a line over 1 MiB, with or without its newline.
        case overlongLine
        /// Answers without a newline, then exits.
        case answerWithoutNewlineAndExit
        case exit
        /// Answers a value its base kind refuses.
        case lie
        /// Writes the payload to stderr.
        case stderr
        /// Answers in two writes, cut where the payload says.
        case answerInPieces
        /// Its next start fails.
        case refuseNextStart
    }

    let pid: Int32? = nil
    let kind: String
    private let output: PluginProgramOutput
    /// Requests it was sent and has not answered, oldest first.
    private var waiting: [(id: Int64, value: JSON)] = []
    private var isTerminated = false
    private let parser = JSONParser(maxDepth: 256)

    init(kind: String, output: PluginProgramOutput) {
        self.kind = kind
        self.output = output
    }

    func send(_ line: [UInt8]) {
        guard !isTerminated, let request = try? parser.parse(Array(line.dropLast())),
            let id = request["id"]?.integerValue
        else {
            return
        }
        waiting.append((id, request["value"] ?? .null))
    }

    func terminate() {
        isTerminated = true
        waiting = []
    }

    /// Does `action`; what it writes reaches the daemon at once.
    func act(_ action: Action, payload: [UInt8]) {
        guard !isTerminated else { return }
        switch action {
        case .answer:
            guard let request = takeOldest() else { return }
            write(answer(request.id, ["value": request.value]))
        case .refuse:
            guard let request = takeOldest() else { return }
            write(answer(request.id, ["error": .string(String(decoding: payload, as: UTF8.self))]))
        case .answerTwice:
            guard let request = takeOldest() else { return }
            write(answer(request.id, ["value": request.value]) + answer(request.id, ["value": request.value]))
        case .answerWrongID:
            let id = (waiting.last?.id ?? 0) + 1 + Int64(payload.first ?? 0)
            write(answer(id, ["value": "x"]))
        case .garbage:
            write(payload + Array(Self.canary.utf8) + [0x0A])
        case .overlongLine:
            var line = Array(Self.canary.utf8) + [UInt8](repeating: UInt8(ascii: "x"), count: (1 << 20) + 1)
            if (payload.first ?? 0) & 1 == 1 { line.append(0x0A) }
            write(line)
        case .answerWithoutNewlineAndExit:
            guard let request = takeOldest() else { return }
            write(answer(request.id, ["value": request.value]).dropLast())
            exitProgram()
        case .exit:
            exitProgram()
        case .lie:
            guard let request = takeOldest() else { return }
            write(answer(request.id, ["value": kind == "stamp" ? "not a date" : 42]))
        case .stderr:
            output.stderr(payload)
        case .answerInPieces:
            guard let request = takeOldest() else { return }
            let line = answer(request.id, ["value": request.value])
            let cut = min(Int(payload.first ?? 1), line.count)
            write(Array(line[..<cut]))
            if !isTerminated { write(Array(line[cut...])) }
        case .refuseNextStart:
            break  // the launcher's (FuzzScript)
        }
    }

    private func takeOldest() -> (id: Int64, value: JSON)? {
        waiting.isEmpty ? nil : waiting.removeFirst()
    }

    private func answer(_ id: Int64, _ fields: JSONObject) -> [UInt8] {
        var object = fields
        object["id"] = .integer(id)
        var bytes: [UInt8] = []
        JSON.object(object).serialize(into: &bytes)
        return bytes + [0x0A]
    }

    private func write(_ bytes: some Collection<UInt8>) {
        guard !isTerminated else { return }
        output.stdout(Array(bytes))
    }

    private func exitProgram() {
        guard !isTerminated else { return }
        output.stderrEnded()
        output.ended()
    }
}
