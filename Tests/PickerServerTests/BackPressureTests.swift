import Foundation
import PickerJSON
import PickerTestSupport
import Testing

@Suite(.tags(.process)) struct BackPressureTests {
    /// A client that pipelines requests and never reads the answers: the daemon
    /// stops reading from it instead of buffering answers without bound.
    @Test func aClientThatNeverReadsCannotMakeTheDaemonBuffer() throws {
        let daemon = try DaemonProcess(logLevel: "info")
        let flooder = try TestClient(socketPath: daemon.socketPath)
        let bystander = try TestClient(socketPath: daemon.socketPath)
        let baseline = try residentKilobytes(of: daemon.pid)
        _ = fcntl(flooder.descriptor, F_SETFL, fcntl(flooder.descriptor, F_GETFL) | O_NONBLOCK)
        let request = Array(#"{"jsonrpc":"2.0","id":1,"method":"hello"}"#.utf8) + [0x0A]
        let chunk = [UInt8]((0..<2000).map { _ in request }.joined())
        var written = 0
        var stalled = false
        let deadline = Date().addingTimeInterval(20)
        // Write until the daemon has not taken a byte for a whole second:
        // until the socket stays full for a second.
        while !stalled, Date() < deadline {
            let count = chunk.withUnsafeBytes { write(flooder.descriptor, $0.baseAddress, $0.count) }
            if count > 0 {
                written += count
            } else {
                var writable = pollfd(fd: flooder.descriptor, events: Int16(POLLOUT), revents: 0)
                stalled = poll(&writable, 1, 1000) == 0
            }
        }
        #expect(stalled, "the daemon kept reading \(written) bytes of requests it could not answer")
        #expect(try bystander.result("ping") == "pong")
        let grown = try residentKilobytes(of: daemon.pid) - baseline
        // Each hello answer is about 450 bytes: unbounded buffering of what was
        // written would show as tens of megabytes.
        #expect(grown < 64 * 1024, "the daemon grew by \(grown) KiB")
        print(
            "a non-reading client got \(written / 1024) KiB of requests in before the daemon stopped reading; the daemon grew by \(grown) KiB"
        )
    }
}

/// VmRSS (or another field, like VmHWM, the peak) of a process, from /proc.
func residentKilobytes(of pid: Int32, field: String = "VmRSS") throws -> Int {
    let status = try String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)
    guard let line = status.split(separator: "\n").first(where: { $0.hasPrefix(field + ":") }),
        let value = Int(line.split(separator: " ", omittingEmptySubsequences: true)[1])
    else { throw TestFailure("no \(field) in /proc/\(pid)/status") }
    return value
}
