import PickerJSON
import PickerServer
import PickerServerTesting

/// One fuzz input, read as a script for an EmbeddedDaemon with three
/// connections (0 and 1 as the daemon's own user, 2 as uid 65534, who may do
/// nothing by default) and two presets checked by external plugin programs
/// (`FuzzPresets`: `ticket`, of base text, and `stamp`, of base date), which
/// are scripted (`ScriptedPluginProgram`). Records are separated by 0x1E; each
/// record's first byte says what to do with the rest:
///
///   op % 16 = 0…4    send the rest as one read on connection op % 3
///   op % 16 = 5      advance the clock by (first byte of the rest) × 1,000 ms
///   op % 16 = 6      connection op % 3 disconnects, and a new one takes its place
///   op % 16 = 7      send the rest on connection op % 3 one byte per read
///   op % 16 = 8…15   the plugin program of `ticket` (op even) or `stamp` (odd)
///                    does action (first byte of the rest) % 12, the rest after
///                    it as payload: 0 answer, 1 refuse with the payload as
///                    sentence, 2 answer twice, 3 answer a wrong id, 4 garbage,
///                    5 a line over 1 MiB, 6 an answer without newline then
///                    exit, 7 exit, 8 a value its base kind refuses, 9 the
///                    payload on stderr, 10 an answer in two writes, 11 fail
///                    its next start. Doing nothing is hanging: a timeout
///                    follows when the clock advances.
///
/// Seeds are readable: "0{…}\n" sends a line on connection 0, "5\u{3}" waits
/// 3 s, "80" answers the ticket plugin's oldest request. After every record,
/// everything the daemon wrote must be whole JSON-RPC lines, nothing a plugin
/// wrote that is not an answer (it carries `ScriptedPluginProgram.canary`) may
/// reach a client or the log, and the stack's invariants must hold; otherwise
/// the run traps, which libFuzzer reports as a crash with the input that
/// caused it.
struct FuzzScript {
    static let recordSeparator: UInt8 = 0x1E

    static let canary = Array(ScriptedPluginProgram.canary.utf8)

    static func run(_ bytes: UnsafeRawBufferPointer, show: Bool = false) {
        // An input that holds the canary itself may have it echoed legitimately.
        let watchesCanary = !bytes.contains(canary)
        let launcher = ScriptedPluginLauncher()
        let config =
            #"{"limits": {"max_line_bytes": 65536, "max_batch": 50}, "plugins": {"presets_dir": "\#(FuzzPresets.folder)"}}"#
        guard
            let daemon = try? EmbeddedDaemon(
                config: config, pluginLauncher: launcher, log: watchesCanary ? checkLogLine : nil)
        else {
            fatalError("the embedded daemon did not start")
        }
        var connections = [
            try! daemon.connect(), try! daemon.connect(pid: 4243),
            try! daemon.connect(uid: 65534, gid: 65534, pid: 4244),
        ]
        var pending = [[UInt8]](repeating: [], count: 3)
        let parser = JSONParser(maxDepth: 256)
        for record in bytes.split(separator: recordSeparator, omittingEmptySubsequences: true) {
            let op = record[record.startIndex]
            let rest = Array(record.dropFirst())
            let slot = Int(op % 3)
            switch op % 16 {
            case 5:
                daemon.advance(milliseconds: Int64(rest.first ?? 1) * 1000)
            case 6:
                daemon.disconnect(connections[slot])
                check(
                    daemon, connections[slot], &pending[slot], parser, show ? slot : nil, watchesCanary: watchesCanary)
                pending[slot] = []
                connections[slot] = try! daemon.connect(uid: slot == 2 ? 65534 : 0, pid: 5000 + Int32(slot))
            case 7:
                for byte in rest.prefix(256) { daemon.send([byte], on: connections[slot]) }
            case 8...15:
                let actions = ScriptedPluginProgram.Action.allCases
                let action = actions[Int(rest.first ?? 0) % actions.count]
                if action == .refuseNextStart {
                    launcher.refusesNextLaunch = true
                } else {
                    launcher.programs[FuzzPresets.kinds[Int(op % 2)]]?.act(action, payload: Array(rest.dropFirst()))
                }
                daemon.run()
            default:
                daemon.send(rest, on: connections[slot])
            }
            for index in 0..<3 {
                check(
                    daemon, connections[index], &pending[index], parser, show ? index : nil,
                    watchesCanary: watchesCanary)
            }
            if let violation = daemon.invariantViolation() { fatalError("stack invariant broken: \(violation)") }
        }
    }

    /// Nothing a plugin wrote that was not an answer may be logged.
    @Sendable private static func checkLogLine(_ line: String) {
        if line.utf8.contains(canary) { fatalError("the daemon logged what a plugin wrote: \(line.prefix(300))") }
    }

    private static func isMessage(_ message: JSON) -> Bool {
        guard case .object(let object) = message, object["jsonrpc"] == "2.0" else { return false }
        return object["result"] != nil || object["error"] != nil || object["method"] != nil
    }

    private static func isBatchAnswer(_ message: JSON) -> Bool {
        guard case .array(let answers) = message, !answers.isEmpty else { return false }
        return answers.allSatisfy(isMessage)
    }

    /// Every complete line written so far must be a JSON-RPC 2.0 message,
    /// without anything a plugin wrote that was not an answer.
    private static func check(
        _ daemon: EmbeddedDaemon, _ connection: Int, _ pending: inout [UInt8], _ parser: JSONParser, _ shownAs: Int?,
        watchesCanary: Bool
    ) {
        pending += daemon.written(on: connection)
        while let newline = pending.firstIndex(of: 0x0A) {
            let line = Array(pending[..<newline])
            pending.removeSubrange(...newline)
            if let shownAs { print("\(shownAs)< \(String(decoding: line.prefix(200), as: UTF8.self))") }
            guard let message = try? parser.parse(line), isMessage(message) || isBatchAnswer(message) else {
                fatalError(
                    "the daemon wrote a line that is not a JSON-RPC message: \(String(decoding: line.prefix(300), as: UTF8.self))"
                )
            }
            if watchesCanary, line.contains(canary) {
                fatalError(
                    "the daemon passed on what a plugin wrote: \(String(decoding: line.prefix(300), as: UTF8.self))")
            }
        }
    }
}
