import Foundation
import PickerTestSupport
import Testing

/// `pickerctl notify --host A --host B`: two real daemons (two sockets
/// standing for two hosts) followed at once, each bubble labelled by its host
/// and answered on the daemon that asked (python3-dbusmock's notification server).
@Suite(.tags(.process, .externalProgram)) struct NotifyManyHostsTests {
    /// A daemon on `NAME.sock` in a home of its own, so its label is `NAME.sock`.
    static func daemon(_ name: String) throws -> DaemonProcess {
        let home = try TestDirectory()
        return try DaemonProcess(home: home, socketPath: home.url.appendingPathComponent("\(name).sock").path)
    }

    @Test func eachHostsWindowIsABubbleLabelledByItsHostAndAnsweredThere() throws {
        let alpha = try Self.daemon("alpha")
        let beta = try Self.daemon("beta")
        let folder = try TestDirectory()
        let server = try NotificationServer()
        let notify = try CommandLineProcess(
            "pickerctl", ["notify", "--host", alpha.socketPath, "--host", beta.socketPath],
            environment: server.environment.merging(["XDG_RUNTIME_DIR": folder.url.path]) { $1 })
        defer { notify.signal(SIGTERM) }
        // The same window id (w1) on both daemons.
        let fromAlpha = try CommandLineProcess(
            "pickerctl", ["--socket", alpha.socketPath, "choose", "--title", "Deploy where?", "red", "green"])
        let first = try server.notification(1)
        #expect(first.contains(#""alpha.sock: Deploy where?""#), "\(first)")
        let fromBeta = try CommandLineProcess(
            "pickerctl", ["--socket", beta.socketPath, "choose", "--title", "Deploy where?", "blue", "grey"])
        let second = try server.notification(2)
        #expect(second.contains(#""beta.sock: Deploy where?""#), "\(second)")
        try server.invoke("answer-1", on: 2)
        #expect(fromBeta.finish().stdout == "grey\n", "the second bubble answers beta")
        try server.invoke("answer-0", on: 1)
        #expect(fromAlpha.finish().stdout == "red\n", "the first answers alpha")
    }

    @Test func anotherCommandRefusesASecondHost() throws {
        let result = try CommandLineProcess.run(
            "pickerctl", ["list", "--host", "/tmp/a.sock", "--host", "/tmp/b.sock"])
        #expect(result.status == 64)
        #expect(result.stderr.contains("only ui, web and notify follow several hosts"), "\(result.stderr)")
    }
}
