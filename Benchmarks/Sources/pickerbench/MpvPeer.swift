import Foundation

/// mpv's JSON IPC, the peer DESIGN.md compares pickerd with: another daemon
/// answering JSON lines on a Unix socket. A measuring peer only: pickerbench
/// runs it when it is installed and skips its column when it is not.
enum MpvPeer {
    /// mpv's cheapest request, its ping; it answers
    /// `{"data":false,"request_id":1,"error":"success"}`, one line, like pickerd.
    static let ping = Array(#"{"command":["get_property","pause"],"request_id":1}"#.utf8) + [0x0A]

    /// mpv idle on its own socket, pinned like the other servers, once it
    /// answers a ping; nil, after a line that says why, when it cannot be.
    static func start() -> BenchDaemon? {
        guard let mpv = OneShotBenchmark.which("mpv") else {
            print("mpv is not installed (apt-get install mpv); its column is skipped\n")
            return nil
        }
        do {
            let server = try BenchDaemon(executable: mpv) { _, socket in
                // --no-terminal: else mpv takes keys from pickerbench's terminal and prints its status line there.
                ["--idle", "--no-video", "--no-config", "--no-terminal", "--input-ipc-server=\(socket)"]
            }
            let connection = try LoadConnection(socketPath: server.socketPath)
            connection.send(raw: ping)
            let answer = String(decoding: try connection.readAnswerBytes(), as: UTF8.self)
            guard answer.contains(#""error":"success""#) else {
                throw BenchmarkFailure("its ping was answered \(answer)")
            }
            print("mpv: \(version(of: mpv)), \(mpv)\n")
            return server
        } catch {
            print("mpv did not start (\(error)); its column is skipped\n")
            return nil
        }
    }

    /// The first line of `mpv --version`, for the record.
    private static func version(of mpv: String) -> String {
        let process = Process()
        let output = Pipe()
        process.executableURL = URL(fileURLWithPath: mpv)
        process.arguments = ["--no-config", "--version"]
        process.standardOutput = output
        guard (try? process.run()) != nil else { return "version unknown" }
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return text.split(separator: "\n").first?.split(separator: " ").prefix(2).joined(separator: " ")
            ?? "version unknown"
    }
}
