import Foundation
import PickerJSON
import PickerProtocol
import PickerTestSupport
import Testing

/// `pickerctl quiet` against a real daemon, and quiet hours in `status` and
/// `list`. pickerctl runs with TZ=UTC, so the times it prints are known.
@Suite(.tags(.process)) struct QuietCommandTests {
    let daemon: DaemonProcess

    init() throws {
        daemon = try DaemonProcess()
    }

    func pickerctl(_ arguments: [String], environment: [String: String] = ["TZ": "UTC"]) throws
        -> CommandLineProcess.Result
    {
        try CommandLineProcess.run("pickerctl", ["--socket", daemon.socketPath] + arguments, environment: environment)
    }

    /// The daemon's quiet hours, as `status --json` has them.
    func quiet() throws -> JSON? {
        try JSON.parse(pickerctl(["status", "--json"]).stdout)["quiet"]
    }

    @Test func quietBelowALevelForAWhileThenOff() throws {
        let window = try pickerctl(["text", "--no-wait", "--title", "Later"]).stdout.trimmingCharacters(in: .newlines)
        let before = Timestamp.now()
        let quiet = try pickerctl(["quiet", "--below", "statusBar", "--for", "1h30m"])
        #expect(quiet.status == 0 && quiet.stderr.isEmpty)
        let until = try #require(try self.quiet()?["until"]?.stringValue.flatMap(Timestamp.init(rfc3339:)))
        #expect(
            (before.adding(milliseconds: 5_400_000)...Timestamp.now().adding(milliseconds: 5_400_000)).contains(until))
        let local = "\(until.rfc3339.prefix(19))+00:00"
        #expect(quiet.stdout == "quiet below statusBar until \(local) (1 window waiting)\n")

        let status = try pickerctl(["status"])
        #expect(
            status.stdout.contains(
                "windows: 0 visible, 1 waiting, 0 hidden; key none\nquiet below statusBar until \(local)\n"))
        let list = try pickerctl(["list"])
        #expect(list.stdout.contains(window) && list.stdout.contains("waiting"))
        #expect(
            try JSON.parse(pickerctl(["list", "--json"]).stdout)["windows"]?.arrayValue?.first?["state"] == "waiting")

        let off = try pickerctl(["quiet", "off"])
        #expect(off.status == 0 && off.stdout == "quiet off\n")
        #expect(try self.quiet() == nil)
        let after = try pickerctl(["status"]).stdout
        #expect(after.contains("windows: 1 visible, 0 hidden; key \(window)\nquiet off\n"))
    }

    @Test func quietAloneHoldsEverythingButAlertsUntilOff() throws {
        let quiet = try pickerctl(["quiet"])
        #expect(
            quiet.status == 0 && quiet.stdout == "quiet below alert, until `pickerctl quiet off` (0 windows waiting)\n")
        #expect(try self.quiet() == ["below": 2000, "below_name": "alert"])
        #expect(
            try pickerctl(["quiet", "on", "--below", "-5"]).stdout
                == "quiet below -5, until `pickerctl quiet off` (0 windows waiting)\n")
    }

    @Test func untilTakesRFC3339OrTheNextHHMM() throws {
        let rfc = try pickerctl(["quiet", "--until", "2030-01-01T07:00:00+01:00"])
        #expect(rfc.stdout == "quiet below alert until 2030-01-01T06:00:00+00:00 (0 windows waiting)\n")
        #expect(try self.quiet()?["until"] == "2030-01-01T06:00:00Z")
        let clock = try pickerctl(["quiet", "--until", "07:00"], environment: ["TZ": "Asia/Shanghai"])
        #expect(clock.status == 0 && clock.stdout.contains("T07:00:00+08:00 (0 windows waiting)"), "\(clock.stdout)")
        let until = try #require(try self.quiet()?["until"]?.stringValue.flatMap(Timestamp.init(rfc3339:)))
        #expect(
            until > Timestamp.now() && until < Timestamp.now().adding(milliseconds: 86_400_000), "today or tomorrow")
    }

    @Test func mistakesAreUsageErrorsInOneSentence() throws {
        let level = try pickerctl(["quiet", "--below", "urgent"])
        #expect(level.status == 64)
        #expect(
            level.stderr.hasPrefix("pickerctl: --below: unknown level 'urgent'; use one of normal, statusBar, alert"))
        #expect(level.stderr.split(separator: "\n").count == 1)
        for arguments in [
            ["quiet", "off", "--below", "alert"], ["quiet", "--for", "1h", "--until", "07:00"],
            ["quiet", "--until", "tomorrow"],
            ["quiet", "sideways"], ["quiet", "--for", "soon"],
        ] {
            let result = try pickerctl(arguments)
            #expect(result.status == 64 && result.stdout.isEmpty, "\(arguments)")
            #expect(
                result.stderr.hasPrefix("pickerctl: ") && result.stderr.split(separator: "\n").count == 1,
                "\(arguments): \(result.stderr)")
        }
        #expect(
            try pickerctl(["quiet", "off", "--below", "alert"]).stderr.contains(
                "quiet off takes no --below, --for or --until"))
        #expect(
            try pickerctl(["quiet", "--for", "1h", "--until", "07:00"]).stderr.contains(
                "give --for or --until, not both"))
        #expect(try self.quiet() == nil, "nothing changed")
    }

    @Test func aUserWithoutManageIsRefused() throws {
        guard getuid() == 0, let setpriv = DaemonProcess.setpriv else {
            print("skipped: running pickerctl as uid 65534 needs root and setpriv")
            return
        }
        let open = try DaemonProcess(
            config: #"{"socket": {"mode": "0666"}, "permissions": {"rules": [{"uid": 65534, "allow": ["observe"]}]}}"#,
            socketDirectoryMode: 0o755)
        let prefix = [setpriv, "--reuid=65534", "--regid=65534", "--clear-groups"]
        let refused = try CommandLineProcess.run("pickerctl", ["--socket", open.socketPath, "quiet"], prefix: prefix)
        #expect(refused.status == 77)
        #expect(refused.stderr.hasPrefix("pickerctl: permission denied: uid 65534 may not manage"))
        let status = try CommandLineProcess.run("pickerctl", ["--socket", open.socketPath, "status"], prefix: prefix)
        #expect(status.status == 0 && status.stdout.contains("quiet off\n"))
    }
}
