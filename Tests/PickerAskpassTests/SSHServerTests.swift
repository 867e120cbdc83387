import Foundation
import PickerTestSupport
import Testing

/// The tests' sshd goes with its `SSHServer`, also when its folder (with the
/// pid file) went first, as a fixture's folder does: it was left running
/// after every run of the askpass login test before.
@Suite(
    .tags(.process, .externalProgram),
    .enabled(if: getuid() == 0, "sshd needs root; run it as root, as CI does"))
struct SSHServerTests {
    @Test func sshdEndsWithItsServerAfterItsFolderWent() throws {
        let pid: Int32
        do {
            let folder = try TestDirectory()
            let server = try SSHServer(folder: folder.url.appendingPathComponent("sshd").path, config: "")
            pid = server.pid
            #expect(kill(pid, 0) == 0, "sshd runs")
            // The folder goes first, as a fixture's may.
            try FileManager.default.removeItem(at: folder.url)
        }
        // Detached, sshd is init's child: ended once it is gone or a zombie init has yet to reap.
        try eventually("sshd to end") {
            let stat = (try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)) ?? ""
            return kill(pid, 0) != 0 || stat.split(separator: " ").dropFirst(2).first == "Z"
        }
    }
}
