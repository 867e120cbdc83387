import Foundation
import PickerTestSupport
import Testing

/// `pickerctl mcp` against the official MCP Python SDK as its client, a real
/// pickerd, and real pickerctl answers: Tests/MCP/mcp_client_test.py, which
/// says what it checks.
@Suite(.tags(.process)) struct MCPClientTests {
    static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("MCP/mcp_client_test.py").path

    @Test func theOfficialPythonClientAsksAPersonThroughPickerctlMCP() async throws {
        let probe = try Command.run("/usr/bin/env", ["python3", "-c", "import mcp"])
        guard probe.status == 0 else {
            // A failure, not a skip: without it the MCP server goes untested against a real client.
            Issue.record(
                "python3's mcp package is missing (pip install mcp), so pickerctl mcp cannot be tested with the official client: \(probe.output)"
            )
            return
        }
        let daemon = try DaemonProcess()
        // Minutes of waiting on a child, on a thread of its own: not one of the few Swift's concurrency shares.
        let socket = daemon.socketPath
        let run = try await offThePool {
            try Command.run(
                "/usr/bin/env",
                ["python3", Self.script, "--bin", DaemonProcess.buildDirectory.path, "--socket", socket])
        }
        #expect(run.status == 0, "\(run.output)")
        #expect(run.output.contains(" passed, 0 failed"), "\(run.output)")
    }
}
