import Foundation
import PickerJSON
import PickerTestSupport
import Testing

/// `pickerctl zenity` runs pickerd-zenity in its place: the same window,
/// output and exit status, with pickerctl's `--socket` before the subcommand.
@Suite(.tags(.process), .timeLimit(.minutes(3))) struct PickerctlZenityTests {
    @Test func runsPickerdZenityWithTheSocketGiven() throws {
        let daemon = try DaemonProcess()
        let person = try ScriptedPerson(daemon: daemon, client: try TestClient(socketPath: daemon.socketPath))
        let asking = try CommandLineProcess(
            "pickerctl",
            ["--socket", daemon.socketPath, "zenity", "--entry", "--title=Deploy to", "--text=<b>Host</b>"])
        let window = try person.nextWindow()
        let details = try person.details(window)
        #expect(details["title"] == "Deploy to" && details["tag"] == "zenity" && details["kind"] == "text")
        try person.submit("web-1", to: window)
        let answered = asking.finish(timeout: 60)
        #expect(answered.stdout == "web-1\n" && answered.status == 0, "\(answered.stderr)")
    }

    @Test func aMessageShowsMarkupAsPlainText() throws {
        let daemon = try DaemonProcess()
        let person = try ScriptedPerson(daemon: daemon, client: try TestClient(socketPath: daemon.socketPath))
        let asking = try CommandLineProcess(
            "pickerd-zenity", ["--question", "--text=<span color='red'>Wipe</span> &lt;disk&gt;?\\nSure"],
            environment: ["PICKERD_SOCKET": daemon.socketPath])
        let window = try person.nextWindow()
        #expect(try person.details(window)["message"] == "Wipe <disk>?\nSure")
        // The asking script dies: its window goes with it.
        asking.signal(SIGKILL)
        _ = asking.finish(timeout: 60)
        #expect(try person.noWindows())
    }

    @Test func withoutPickerdItExits255WithASentence() throws {
        let result = try CommandLineProcess.run(
            "pickerctl", ["--socket", "/nonexistent/pickerd.sock", "zenity", "--info"])
        #expect(result.status == 255 && result.stdout.isEmpty)
        #expect(result.stderr.hasPrefix("pickerd-zenity: "), "\(result.stderr)")
    }
}
