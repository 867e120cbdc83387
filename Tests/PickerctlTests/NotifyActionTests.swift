import Foundation
import PickerJSON
import PickerTestSupport
import Testing

/// `pickerctl notify` answering from the notification: the real notify-send
/// against a notification server on a session bus of the test's own
/// (python3-dbusmock's template), and the real daemon.
@Suite(.tags(.process, .externalProgram)) struct NotifyActionTests {
    let daemon: DaemonProcess
    let folder: TestDirectory

    init() throws {
        daemon = try DaemonProcess()
        folder = try TestDirectory()
    }

    var runtime: String { folder.url.appendingPathComponent("runtime").path }

    /// `pickerctl notify` on `server`'s bus; no pickerweb unless the test left its URL in `runtime`.
    func notify(on server: NotificationServer, _ arguments: [String] = []) throws -> CommandLineProcess {
        try CommandLineProcess(
            "pickerctl", ["--socket", daemon.socketPath, "notify"] + arguments,
            environment: server.environment.merging(["XDG_RUNTIME_DIR": runtime]) { $1 })
    }

    func pickerctl(_ arguments: [String]) throws -> CommandLineProcess {
        try CommandLineProcess("pickerctl", ["--socket", daemon.socketPath] + arguments)
    }

    func present(_ arguments: [String]) throws -> String {
        try CommandLineProcess.run("pickerctl", ["--socket", daemon.socketPath] + arguments + ["--no-wait"]).stdout
            .trimmingCharacters(in: .newlines)
    }

    /// Asks with `arguments` while pickerctl notify follows; once the
    /// notification is there, `choose` acts on the server. The Notify call and
    /// how the asking pickerctl ended.
    func answered(_ arguments: [String], _ choose: (NotificationServer) throws -> Void) throws -> (
        call: String, asked: CommandLineProcess.Result
    ) {
        let server = try NotificationServer()
        let notify = try notify(on: server)
        defer { notify.signal(SIGTERM) }
        let asking = try pickerctl(arguments)
        let call = try server.notification(1)
        try choose(server)
        return (call, asking.finish())
    }

    @Test func aConfirmIsAnsweredOnTheNotification() throws {
        let (call, asked) = try answered(["confirm", "--title", "Deploy?", "--yes", "Deploy", "--no", "Wait"]) {
            try $0.invoke("answer-1", on: 1)
        }
        #expect(
            call.contains(#""Deploy?""#) && call.contains(#"["answer-0", "Deploy", "answer-1", "Wait"]"#), "\(call)")
        // confirm exits 1 for its second action.
        #expect(asked.status == 1)
    }

    @Test func aChoiceOfThreeIsAnsweredOnTheNotification() throws {
        let (call, asked) = try answered(["choose", "--title", "Which <b>one</b>?", "red", "green", "blue"]) {
            try $0.invoke("answer-2", on: 1)
        }
        #expect(call.contains(#"["answer-0", "red", "answer-1", "green", "answer-2", "blue"]"#), "\(call)")
        #expect(asked.stdout == "blue\n")
    }

    /// `pickerctl mcp` on the daemon, initialized, with a `tools/call` of
    /// `approve` (id 2) with `arguments` sent.
    func agentAsksApproval(_ arguments: String) throws -> CommandLineProcess {
        let agent = try CommandLineProcess("pickerctl", ["--socket", daemon.socketPath, "mcp"], input: true)
        try agent.write(
            input: """
                {"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"test","version":"1"}}}
                {"jsonrpc":"2.0","method":"notifications/initialized"}
                {"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"approve","arguments":\(arguments)}}

                """, close: false)
        return agent
    }

    /// The `approve` tool's window (a form of a decision and an optional
    /// reason) asked by an agent through the real `pickerctl mcp` with
    /// details: they are what is approved, and the bubble never shows them,
    /// so it offers Open alone.
    @Test func approveWithDetailsIsLeftToOpen() throws {
        let server = try NotificationServer()
        let notify = try notify(on: server, ["--open-command", "/bin/true"])
        defer { notify.signal(SIGTERM) }
        let agent = try agentAsksApproval(#"{"title":"Deploy <b>now</b>?","details":"rm -rf build"}"#)
        defer { agent.signal(SIGTERM) }
        let call = try server.notification(1)
        #expect(
            call.contains(#""Deploy <b>now</b>?""#) && call.contains(#"["default", "Open"]"#)
                && !call.contains("answer-0") && !call.contains("rm -rf"), "\(call)")
    }

    /// `approve` without details or message: the title is all there is to
    /// see, so Approve on the bubble submits the form, and the agent hears
    /// `approved: true` from the person.
    @Test func approveWithoutDetailsIsAnsweredOnTheNotification() throws {
        let server = try NotificationServer()
        let notify = try notify(on: server)
        defer { notify.signal(SIGTERM) }
        let agent = try agentAsksApproval(#"{"title":"Deploy <b>now</b>?"}"#)
        defer { agent.signal(SIGTERM) }
        let call = try server.notification(1)
        #expect(
            call.contains(#""Deploy <b>now</b>?""#) && call.contains(#"["answer-0", "Approve", "answer-1", "Reject"]"#),
            "\(call)")
        try server.invoke("answer-0", on: 1)
        var result: JSON?
        try eventually("the agent's result: \(agent.stdoutSoFar)") {
            result =
                agent.stdoutSoFar.split(separator: "\n").compactMap { try? JSON.parse(String($0)) }
                .first { $0["id"] == 2 }?["result"]
            return result != nil
        }
        let structured = result?["structuredContent"]
        #expect(result?["isError"]?.boolValue != true, "\(String(describing: result))")
        #expect(structured?["approved"] == true && structured?["reason"] == nil, "\(String(describing: structured))")
        #expect(structured?["answered_by"]?["uid"] == .integer(Int64(getuid())))
    }

    /// A form with a required text field besides the choice (a reason the
    /// person must write) does not fit a bubble: Open alone.
    @Test func aFormWithARequiredTextIsLeftToOpen() throws {
        let server = try NotificationServer()
        let notify = try notify(on: server, ["--open-command", "/bin/true"])
        defer { notify.signal(SIGTERM) }
        _ = try present([
            "form", "--title", "Why?", "--field", #"decision:list:{"choices":["Approve","Reject"]}"#, "--field",
            "reason:text",
        ])
        let call = try server.notification(1)
        #expect(call.contains(#"["default", "Open"]"#) && !call.contains("answer-0"), "\(call)")
    }

    /// Four choices, or several to pick, do not fit a bubble: Open alone.
    @Test func aLongerListOrAChecklistHasNoAnswers() throws {
        let server = try NotificationServer()
        let notify = try notify(on: server, ["--open-command", "/bin/true"])
        defer { notify.signal(SIGTERM) }
        _ = try present(["choose", "a", "b", "c", "d"])
        _ = try present(["choose", "--multiple", "a", "b"])
        #expect(try server.notification(1).contains(#"["default", "Open"]"#))
        #expect(try server.notification(2).contains(#"["default", "Open"]"#))
    }

    /// A key invoked by another program on the bus, or one never offered, answers nothing.
    @Test func aForgedOrUnofferedActionIsIgnored() throws {
        let (_, asked) = try answered(["confirm", "--title", "Delete everything?"]) { server in
            try server.forge("answer-0", on: 1)
            try server.invoke("answer-7", on: 1)
            try server.invoke("answer-1", on: 1)
        }
        // No (status 1), not the forged yes (0).
        #expect(asked.status == 1)
    }

    @Test func theNotificationClosesWhenItsWindowIsAnsweredElsewhere() throws {
        let server = try NotificationServer()
        let notify = try notify(on: server)
        defer { notify.signal(SIGTERM) }
        let window = try present(["confirm", "--title", "Answered in the terminal"])
        _ = try server.notification(1)
        #expect(try pickerctl(["submit", "--window", window, "Yes"]).finish().status == 0)
        try eventually("CloseNotification 1: \(server.calls)") {
            server.calls.contains { $0.hasSuffix("CloseNotification 1") }
        }
        // Closing it is no failure to report.
        notify.signal(SIGTERM)
        #expect(!notify.finish().stderr.contains("exited with status"))
    }

    @Test func withoutActionsOnTheServerItIsAPlainNotification() throws {
        let server = try NotificationServer(capabilities: "body")
        let notify = try notify(on: server)
        defer { notify.signal(SIGTERM) }
        _ = try present(["confirm", "--title", "Plain"])
        let call = try server.notification(1)
        #expect(call.contains(#""Plain""#) && call.contains(" [] "), "\(call)")
    }

    @Test func aSecureWindowShowsItsTitleOnly() throws {
        let server = try NotificationServer()
        let notify = try notify(on: server)
        defer { notify.signal(SIGTERM) }
        _ = try present(["text", "--secure", "--title", "Vault password", "--message", "for the <vault> & more"])
        let call = try server.notification(1)
        #expect(call.contains(#""Vault password" "" []"#), "\(call)")
    }

    /// The body is escaped markup: who asks is the asker's to choose (here a
    /// pickerctl run through a link named with markup).
    @Test func theBodyIsEscapedMarkup() throws {
        let server = try NotificationServer()
        let notify = try notify(on: server)
        defer { notify.signal(SIGTERM) }
        let link = folder.url.appendingPathComponent("<i>x&").path
        try FileManager.default.createSymbolicLink(
            atPath: link, withDestinationPath: DaemonProcess.executable("pickerctl").path)
        _ = try CommandLineProcess(
            program: link, ["--socket", daemon.socketPath, "confirm", "--title", "<i>T</i>", "--no-wait"]
        ).finish()
        let call = try server.notification(1)
        #expect(
            call.contains(#""<i>T</i>" "asked by "#) && call.contains(" via &lt;i&gt;x&amp;. "), "\(call)")
    }

    @Test func quietHoursHoldTheNotificationBack() throws {
        let server = try NotificationServer()
        #expect(try pickerctl(["quiet", "--below", "alert"]).finish().status == 0)
        let notify = try notify(on: server)
        defer { notify.signal(SIGTERM) }
        _ = try present(["confirm", "--title", "Held"])
        _ = try present(["confirm", "--title", "Breaks through", "--level", "alert"])
        #expect(try server.notification(1).contains(#""Breaks through""#))
        #expect(try pickerctl(["quiet", "off"]).finish().status == 0)
        #expect(try server.notification(2).contains(#""Held""#))
        #expect(server.notifications.count == 2)
    }

    /// Open runs the open command with the page on that window; xdg-open would get it without the token.
    @Test func openRunsTheOpenCommandWithThePageOnThatWindow() throws {
        let pickerd = URL(fileURLWithPath: runtime).appendingPathComponent("pickerd")
        try FileManager.default.createDirectory(at: pickerd, withIntermediateDirectories: true)
        chmod(pickerd.path, 0o700)
        try "http://127.0.0.1:8123/#token=abc\n".write(
            toFile: pickerd.appendingPathComponent("web-url").path, atomically: true, encoding: .utf8)
        let record = folder.url.appendingPathComponent("opened").path
        let opener = folder.url.appendingPathComponent("opener.sh").path
        try """
        #!/bin/sh
        printf '%s|%s|%s\\n' "$PICKER_WINDOW" "$PICKER_WEB_URL" "$*" >> \(record)
        """.write(toFile: opener, atomically: true, encoding: .utf8)
        chmod(opener, 0o755)
        let server = try NotificationServer()
        let notify = try notify(on: server, ["--open-command", "\(opener) --new-window"])
        defer { notify.signal(SIGTERM) }
        let window = try present(["text", "--title", "Typed on the page"])
        let call = try server.notification(1)
        #expect(call.contains(#"["default", "Open"]"#) && call.contains("or at http://127.0.0.1:8123/\""), "\(call)")
        try server.invoke("default", on: 1)
        try eventually("the open command to run") { FileManager.default.fileExists(atPath: record) }
        let opened = try String(contentsOfFile: record, encoding: .utf8)
        #expect(opened == "\(window)|http://127.0.0.1:8123/#token=abc&window=\(window)|--new-window\n")
    }
}

/// The same with dunst, a real notification server, under Xvfb.
@Suite(.tags(.process, .externalProgram), .enabled(if: DunstServer.isInstalled, "dunst and Xvfb are not installed"))
struct NotifyActionDunstTests {
    @Test func dunstShowsTheNotificationAndItsActionAnswers() throws {
        let daemon = try DaemonProcess()
        let folder = try TestDirectory()
        let dunst = try DunstServer(choosing: "Deploy")
        let notify = try CommandLineProcess(
            "pickerctl", ["--socket", daemon.socketPath, "notify"],
            environment: dunst.environment.merging(["XDG_RUNTIME_DIR": folder.url.path]) { $1 })
        defer { notify.signal(SIGTERM) }
        let asking = try CommandLineProcess(
            "pickerctl", ["--socket", daemon.socketPath, "confirm", "--title", "Deploy?", "--yes", "Deploy"])
        try eventually("dunst to show the notification") { try dunst.control(["count", "displayed"]) == "1\n" }
        _ = try dunst.control(["context"])
        #expect(asking.finish().status == 0)
    }
}
