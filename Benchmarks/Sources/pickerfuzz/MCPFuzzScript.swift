import Dispatch
import PickerJSON
import PickerMCP
import PickerSystem

/// One fuzz input as everything an MCP host wrote on `pickerctl mcp`'s
/// standard input: its lines go through the server's own loop in process
/// (framing, JSON, JSON-RPC, every tool's arguments, `ask_form`'s schema,
/// the secret check, `await`'s session rule), and the input ends as standard
/// input does. No pickerd is behind it (its socket does not exist), so a call
/// that gets as far as asking ends at once as with a pickerd that is gone;
/// pickerd's own input is `FuzzScript`'s.
///
/// Seeds are readable: one JSON-RPC message a line (Tests/Fuzz/mcp/seeds).
/// Everything the server wrote must be whole JSON-RPC responses, and no tool
/// may have returned an answer (`structuredContent.value`): nobody was there
/// to give one. Otherwise the run traps, which libFuzzer reports as a crash.
enum MCPFuzzScript {
    /// A socket in a folder that is never made: no daemon answers there.
    static let noDaemon = "/nonexistent/pickerfuzz-mcp/pickerd.sock"

    static func run(_ bytes: UnsafeRawBufferPointer, show: Bool = false) {
        let written = Locked<[UInt8]>([])
        let server = MCPServer(socketPath: noDaemon, maxLevel: Asker.defaultMaxLevel) { line in
            written.withLock { $0 += line }
        }
        let input = Array(bytes)
        let done = DispatchSemaphore(value: 0)
        // The fuzzer calls in on its own thread, not one of the shared pool's, so it may block here.
        Task {
            await server.serve(input)
            done.signal()
        }
        done.wait()
        check(written.withLock { $0 }, show: show)
    }

    private static func check(_ output: [UInt8], show: Bool) {
        let parser = JSONParser(maxDepth: 512)
        guard output.isEmpty || output.last == 0x0A else { fatalError("the server wrote a line without its end") }
        for line in output.split(separator: 0x0A, omittingEmptySubsequences: false).dropLast() {
            if show { print("< \(String(decoding: line.prefix(300), as: UTF8.self))") }
            guard let message = try? parser.parse(Array(line)), isResponse(message) else {
                fatalError(
                    "the server wrote a line that is not a JSON-RPC response: \(String(decoding: line.prefix(300), as: UTF8.self))"
                )
            }
            if message["result"]?["structuredContent"]?["value"] != nil {
                fatalError(
                    "a tool answered though nobody was asked: \(String(decoding: line.prefix(300), as: UTF8.self))")
            }
        }
    }

    private static func isResponse(_ message: JSON) -> Bool {
        guard case .object(let object) = message, object["jsonrpc"] == "2.0", object["id"] != nil else { return false }
        return (object["result"] != nil) != (object["error"] != nil)
    }
}
