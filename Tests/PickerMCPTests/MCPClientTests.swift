import Foundation
import PickerTestSupport
import Testing

/// `pickerctl mcp` against the official MCP Python SDK as its client, a real
/// pickerd, and real pickerctl answers: Tests/MCP/mcp_client_test.py, which
/// says what it checks.
@Suite struct MCPClientTests {
    static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("MCP/mcp_client_test.py").path

    @Test func theOfficialPythonClientAsksAPersonThroughPickerctlMCP() throws {
        let probe = try Command.run("/usr/bin/env", ["python3", "-c", "import mcp"])
        guard probe.status == 0 else {
            // A failure, not a skip: without it the MCP server goes untested against a real client.
            Issue.record("python3's mcp package is missing (pip install mcp), so pickerctl mcp cannot be tested with the official client: \(probe.output)")
            return
        }
        let daemon = try DaemonProcess()
        let run = try Command.run(
            "/usr/bin/env", ["python3", Self.script, "--bin", DaemonProcess.buildDirectory.path, "--socket", daemon.socketPath])
        #expect(run.status == 0, "\(run.output)")
        #expect(run.output.contains(" passed, 0 failed"), "\(run.output)")
    }
}
