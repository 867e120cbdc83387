import Foundation
import PickerSystem
import PickerTestSupport
import Testing

/// The window names the user who asks by the process's real uid, who
/// started it: a set-user-ID program (effective uid root, and so not
/// dumpable) that a user runs is that user's, though /proc/PID, which
/// follows the effective uid, and /proc/PID/status belong to root.
@Suite(.tags(.process)) struct RequesterUserTests {
    /// Makes itself undumpable (as a set-user-ID program is), then says so and waits to be killed.
    static let undumpable = #"""
        import ctypes, signal, sys
        PR_SET_DUMPABLE = 4
        if ctypes.CDLL(None, use_errno=True).prctl(PR_SET_DUMPABLE, 0, 0, 0, 0) != 0:
            sys.exit("prctl failed")
        print("undumpable", flush=True)
        signal.pause()  # until the test's SIGKILL (its stdin is at its end already)
        """#

    @Test func aSetUserIDProcessIsItsRealUsers() throws {
        guard getuid() == 0, let setpriv = DaemonProcess.setpriv,
            let python = ["/usr/bin/python3", "/bin/python3"].first(where: FileManager.default.fileExists)
        else {
            print("skipped: running as real uid 65534, effective root, needs root, setpriv and python3")
            return
        }
        let asker = try CommandLineProcess(
            program: python, ["-c", Self.undumpable], prefix: [setpriv, "--ruid=65534", "--euid=0"])
        defer { asker.signal(SIGKILL) }
        // Generous: a python3 starting on a loaded 2-core machine under the whole suite once took over 30 s.
        let started = holdsWithin(120) { asker.stdoutSoFar.contains("undumpable") || !asker.isRunning }
        try #require(
            started && asker.stdoutSoFar.contains("undumpable"),
            "running: \(asker.isRunning), stdout: \(asker.stdoutSoFar), stderr: \(asker.stderrSoFar)")
        for path in ["/proc/\(asker.pid)", "/proc/\(asker.pid)/status"] {
            var owner = stat()
            try #require(stat(path, &owner) == 0 && owner.st_uid == 0, "\(path) is not root's: the test shows nothing")
        }
        #expect(ProcessNames.uid(of: asker.pid) == 65534)
    }

    @Test func aProcessGoneHasNoUser() {
        #expect(ProcessNames.uid(of: 0) == nil)
        #expect(ProcessNames.uid(of: -1) == nil)
    }
}
