import Foundation
import PickerTestSupport
import Testing

/// Secure values pass through pickerd: it leaves no core dump, and other
/// processes of its user cannot ptrace it or read its memory.
@Suite struct NotDumpableTests {
    @Test(.tags(.process)) func theRunningDaemonIsNotDumpable() throws {
        let daemon = try DaemonProcess.runningAs(uid: 65534)
        #expect(try ProcEntry.uid(of: daemon.pid) == 65534)
        #expect(
            try ProcEntry.isDumpable(daemon.pid) == false, "/proc/\(daemon.pid) belongs to its user: it is dumpable")
    }

    @Test(arguments: ["systemd/pickerd.service", "systemd/user/pickerd.service"])
    func theServiceUnitsAllowNoCoreFile(_ unit: String) throws {
        let text = try String(contentsOf: SharedFolder.packageRoot.appendingPathComponent(unit), encoding: .utf8)
        #expect(text.split(separator: "\n").contains("LimitCORE=0"))
    }
}
