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

    /// `pickerctl notify ARGUMENTS` on `server`'s bus (none: a command of
    /// its own), with `XDG_RUNTIME_DIR` in `folder` unless `environment` says.
    static func notify(
        _ arguments: [String], on server: NotificationServer?, in folder: TestDirectory,
        environment: [String: String] = [:]
    ) throws -> CommandLineProcess {
        try CommandLineProcess(
            "pickerctl", ["notify"] + arguments,
            environment: (server?.environment ?? [:]).merging(["XDG_RUNTIME_DIR": folder.url.path]) { $1 }
                .merging(environment) { $1 })
    }

    @Test func eachHostsWindowIsABubbleLabelledByItsHostAndAnsweredThere() throws {
        let alpha = try Self.daemon("alpha")
        let beta = try Self.daemon("beta")
        let folder = try TestDirectory()
        let server = try NotificationServer()
        let notify = try Self.notify(["--host", alpha.socketPath, "--host", beta.socketPath], on: server, in: folder)
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

    /// A window presented on `daemon` without waiting; its id there.
    static func present(_ arguments: [String], on daemon: DaemonProcess) throws -> String {
        try CommandLineProcess.run("pickerctl", ["--socket", daemon.socketPath] + arguments + ["--no-wait"]).stdout
            .trimmingCharacters(in: .newlines)
    }

    /// A script in `folder` that appends one line per run to `record` there: what it is told of the window.
    static func recorder(in folder: TestDirectory) throws -> (script: String, record: String) {
        let path = folder.url.appendingPathComponent("recorder.sh").path
        let record = folder.url.appendingPathComponent("record").path
        try """
        #!/bin/sh
        printf '%s|%s|%s|%s\\n' "$PICKER_WINDOW" "$PICKER_HOST" "$PICKER_TITLE" "$PICKER_WEB_URL" >> \(record)
        """.write(toFile: path, atomically: true, encoding: .utf8)
        chmod(path, 0o755)
        return (path, record)
    }

    /// `XDG_RUNTIME_DIR` in `folder` with the page's URL as a running pickerweb leaves it.
    static func runtimeWithPage(in folder: TestDirectory) throws -> String {
        let runtime = folder.url.appendingPathComponent("runtime")
        let pickerd = runtime.appendingPathComponent("pickerd")
        try FileManager.default.createDirectory(at: pickerd, withIntermediateDirectories: true)
        chmod(pickerd.path, 0o700)
        try "http://127.0.0.1:8123/#token=abc\n".write(
            toFile: pickerd.appendingPathComponent("web-url").path, atomically: true, encoding: .utf8)
        return runtime.path
    }

    /// The lines `record` holds once there are `count`, by their title.
    static func recorded(_ record: String, count: Int) throws -> [String: String] {
        var lines: [String] = []
        try eventually("\(count) lines in \(record): \(lines)") {
            lines = ((try? String(contentsOfFile: record, encoding: .utf8)) ?? "").split(separator: "\n").map(
                String.init)
            return lines.count >= count
        }
        return Dictionary(lines.map { ($0.split(separator: "|", omittingEmptySubsequences: false)[2].description, $0) })
        {
            $1
        }
    }

    /// With several hosts the command is told the id the window's daemon
    /// knows and the `--host` it came from, which `pickerctl submit` takes;
    /// the page (the local daemon's) only for the local daemon's window.
    @Test func theCommandIsToldTheDaemonsOwnIdAndItsHost() throws {
        let alpha = try Self.daemon("alpha")
        let beta = try Self.daemon("beta")
        let folder = try TestDirectory()
        let (recorder, record) = try Self.recorder(in: folder)
        let notify = try Self.notify(
            ["--host", "local", "--host", beta.socketPath, "--command", recorder],
            on: nil, in: folder,
            environment: ["XDG_RUNTIME_DIR": try Self.runtimeWithPage(in: folder), "PICKERD_SOCKET": alpha.socketPath])
        defer { notify.signal(SIGTERM) }
        let asking = try CommandLineProcess("pickerctl", ["--socket", beta.socketPath, "text", "--title", "On beta"])
        let onAlpha = try Self.present(["text", "--title", "On alpha"], on: alpha)
        let told = try Self.recorded(record, count: 2)
        #expect(told["local: On alpha"] == "\(onAlpha)|local|local: On alpha|http://127.0.0.1:8123/#token=abc")
        let onBeta = try #require(told["beta.sock: On beta"]?.split(separator: "|").first.map(String.init))
        #expect(told["beta.sock: On beta"] == "\(onBeta)|\(beta.socketPath)|beta.sock: On beta|")
        let submitted = try CommandLineProcess.run(
            "pickerctl", ["--host", beta.socketPath, "submit", "--window", onBeta, "typed"])
        #expect(submitted.status == 0, "\(submitted.stderr)")
        #expect(asking.finish().stdout == "typed\n")
    }

    /// Open opens a page that knows the window: the local daemon's page
    /// (pickerweb's web-url file) on its own id for a window of `--host
    /// local`; none for another host's (the open command alone, told the host).
    @Test func openGivesTheLocalPageOnlyForTheLocalWindow() throws {
        let alpha = try Self.daemon("alpha")
        let beta = try Self.daemon("beta")
        let folder = try TestDirectory()
        let (recorder, record) = try Self.recorder(in: folder)
        let server = try NotificationServer()
        let notify = try Self.notify(
            [
                "--host", "local", "--host", beta.socketPath, "--open-command",
                recorder,
            ],
            on: server, in: folder,
            environment: ["XDG_RUNTIME_DIR": try Self.runtimeWithPage(in: folder), "PICKERD_SOCKET": alpha.socketPath])
        defer { notify.signal(SIGTERM) }
        let onAlpha = try Self.present(["text", "--title", "On alpha"], on: alpha)
        let first = try server.notification(1)
        #expect(first.contains(#"["default", "Open"]"#) && first.contains("or at http://127.0.0.1:8123/\""), "\(first)")
        let onBeta = try Self.present(["text", "--title", "On beta"], on: beta)
        let second = try server.notification(2)
        #expect(second.contains(#"["default", "Open"]"#) && !second.contains("or at "), "\(second)")
        try server.invoke("default", on: 1)
        try server.invoke("default", on: 2)
        let opened = try Self.recorded(record, count: 2)
        #expect(
            opened["local: On alpha"]
                == "\(onAlpha)|local|local: On alpha|http://127.0.0.1:8123/#token=abc&window=\(onAlpha)")
        #expect(opened["beta.sock: On beta"] == "\(onBeta)|\(beta.socketPath)|beta.sock: On beta|")
    }

    /// `--page-follows-hosts`: the page follows the same hosts, so Open gives
    /// it on the qualified id, escaped (a label is a file name: `&token=` in
    /// it stays inside the id).
    @Test func aPageThatFollowsTheHostsIsOpenedOnTheQualifiedId() throws {
        let server = try NotificationServer()
        let folder = try TestDirectory()
        let (recorder, record) = try Self.recorder(in: folder)
        // The page follows both; only beta's window is asked.
        let alpha = try Self.daemon("alpha")
        let beta = try Self.daemon("b&token=x")
        let notify = try Self.notify(
            [
                "--host", alpha.socketPath, "--host", beta.socketPath, "--page-follows-hosts", "--open-command",
                recorder,
            ], on: server, in: folder, environment: ["XDG_RUNTIME_DIR": try Self.runtimeWithPage(in: folder)])
        defer { notify.signal(SIGTERM) }
        let onBeta = try Self.present(["text", "--title", "On beta"], on: beta)
        #expect(try server.notification(1).contains("or at http://127.0.0.1:8123/\""))
        try server.invoke("default", on: 1)
        let opened = try Self.recorded(record, count: 1)
        #expect(
            opened["b&token=x.sock: On beta"]
                == "\(onBeta)|\(beta.socketPath)|b&token=x.sock: On beta|http://127.0.0.1:8123/#token=abc&window=b%26token%3Dx.sock%2F\(onBeta)"
        )
    }

    /// A host that goes away closes its windows' bubbles; when it returns,
    /// its windows still waiting get them again, once, within the places
    /// `--jobs` gives, and are answered there.
    @Test func aHostThatReturnsHasItsBubblesShownAgain() throws {
        let alpha = try Self.daemon("alpha")
        let betaHome = try TestDirectory()
        let betaSocket = betaHome.url.appendingPathComponent("beta.sock").path
        var beta = try DaemonProcess(home: betaHome, socketPath: betaSocket)
        let folder = try TestDirectory()
        let server = try NotificationServer()
        let notify = try Self.notify(
            ["--jobs", "2", "--host", alpha.socketPath, "--host", betaSocket], on: server, in: folder)
        defer { notify.signal(SIGTERM) }
        _ = try Self.present(["confirm", "--title", "First"], on: alpha)
        #expect(try server.notification(1).contains(#""alpha.sock: First""#))
        let held = try Self.present(["confirm", "--title", "Held"], on: beta)
        #expect(try server.notification(2).contains(#""beta.sock: Held""#))
        _ = beta.stop()
        try eventually("CloseNotification 2: \(server.calls)") {
            server.calls.contains { $0.hasSuffix("CloseNotification 2") }
        }
        _ = try Self.present(["confirm", "--title", "Second"], on: alpha)
        #expect(try server.notification(3).contains(#""alpha.sock: Second""#))
        beta = try DaemonProcess(home: betaHome, socketPath: betaSocket)
        try eventually("beta to keep its window") {
            try CommandLineProcess.run("pickerctl", ["--socket", betaSocket, "list"]).stdout.contains("Held")
        }
        // Both places are taken (First, Second): beta's window waits for one.
        try server.invoke("answer-0", on: 1)
        #expect(try server.notification(4).contains(#""beta.sock: Held""#))
        try server.invoke("answer-1", on: 4)
        try eventually("Held answered on beta") {
            !(try CommandLineProcess.run("pickerctl", ["--socket", betaSocket, "list"]).stdout.contains(held))
        }
        #expect(server.notifications.count == 4, "\(server.notifications)")
    }

    /// Quiet hours still hold on a host's return: quiet hours set on beta
    /// while it was away (its state, through a daemon on another socket)
    /// hold its window back until they end, and only then is it told again.
    @Test func aReturningHostsQuietHoursStillHold() throws {
        let server = try NotificationServer()
        let folder = try TestDirectory()
        let alpha = try Self.daemon("alpha")
        let betaHome = try TestDirectory()
        let betaSocket = betaHome.url.appendingPathComponent("beta.sock").path
        var beta = try DaemonProcess(home: betaHome, socketPath: betaSocket)
        let notify = try Self.notify(["--host", alpha.socketPath, "--host", betaSocket], on: server, in: folder)
        defer { notify.signal(SIGTERM) }
        _ = try Self.present(["confirm", "--title", "Held"], on: beta)
        #expect(try server.notification(1).contains(#""beta.sock: Held""#))
        _ = beta.stop()
        try eventually("CloseNotification 1: \(server.calls)") {
            server.calls.contains { $0.hasSuffix("CloseNotification 1") }
        }
        // Quiet hours set in beta's state by a daemon notify does not follow.
        let aside = try DaemonProcess(home: betaHome)
        #expect(try CommandLineProcess.run("pickerctl", ["--socket", aside.socketPath, "quiet"]).status == 0)
        _ = aside.stop()
        beta = try DaemonProcess(home: betaHome, socketPath: betaSocket)
        // An alert breaks through: notify follows beta again, and the older
        // window, held, is not told with it.
        _ = try Self.present(["confirm", "--title", "Meanwhile", "--level", "alert"], on: beta)
        #expect(try server.notification(2).contains(#""beta.sock: Meanwhile""#))
        #expect(try CommandLineProcess.run("pickerctl", ["--socket", betaSocket, "quiet", "off"]).status == 0)
        #expect(try server.notification(3).contains(#""beta.sock: Held""#))
        #expect(server.notifications.count == 3, "\(server.notifications)")
    }

    /// A remote host's window: its label leads the title, which the
    /// notification's spec makes plain text (shown as written, `<b>` too, as
    /// every title is); the body, markup, is escaped; a secure window shows
    /// its title alone.
    @Test func aRemoteHostsBubbleCarriesItsLabelInTheTitle() throws {
        let server = try NotificationServer()
        let folder = try TestDirectory()
        // A socket's file name is its label: markup in it.
        let alpha = try Self.daemon("alpha")
        let beta = try Self.daemon("<b>beta&")
        let notify = try Self.notify(["--host", alpha.socketPath, "--host", beta.socketPath], on: server, in: folder)
        defer { notify.signal(SIGTERM) }
        _ = try Self.present(["confirm", "--title", "Deploy?"], on: beta)
        let plain = try server.notification(1)
        #expect(
            plain.contains(#""<b>beta&.sock: Deploy?" "asked by "#) && plain.contains("pickerd is waiting"), "\(plain)")
        _ = try Self.present(
            ["text", "--secure", "--title", "Vault password", "--message", "for the <vault> & more"], on: beta)
        let secure = try server.notification(2)
        #expect(secure.contains(#""<b>beta&.sock: Vault password" "" []"#), "\(secure)")
    }

    @Test func anotherCommandRefusesASecondHost() throws {
        let result = try CommandLineProcess.run(
            "pickerctl", ["list", "--host", "/tmp/a.sock", "--host", "/tmp/b.sock"])
        #expect(result.status == 64)
        #expect(result.stderr.contains("only ui, web and notify follow several hosts"), "\(result.stderr)")
    }
}
