import Foundation

/// pickerweb against a daemon of its own, as a person's browser reaches it:
/// made once pickerweb printed its URL. `signIn()` exchanges the token for a
/// session cookie; `api` calls the page's interface with it.
public final class WebFrontEnd: @unchecked Sendable {
    // @unchecked: owned by the one test that made it.
    public let daemon: DaemonProcess
    public let web: CommandLineProcess
    public let runtime: TestDirectory
    /// The URL pickerweb printed, token included.
    public let url: String
    public let port: Int
    public let token: String

    public convenience init(arguments: [String] = [], daemon: DaemonProcess? = nil) throws {
        let daemon = try daemon ?? DaemonProcess()
        try self.init(command: "pickerweb", ["--socket", daemon.socketPath] + arguments, daemon: daemon)
    }

    /// `command ARGUMENTS` that starts pickerweb in its own way (`pickerctl web
    /// --host A --host B`), with `environment` added; `daemon` is the one `ask` asks on.
    public init(
        command: String, _ arguments: [String], environment: [String: String] = [:], daemon: DaemonProcess
    ) throws {
        self.daemon = daemon
        runtime = try TestDirectory()
        let web = try CommandLineProcess(
            command, arguments, environment: environment.merging(["XDG_RUNTIME_DIR": runtime.url.path]) { $1 })
        self.web = web
        _ = holdsWithin(30) { web.stdoutSoFar.contains("\n") || !web.isRunning }
        guard let line = web.stdoutSoFar.split(separator: "\n").first, let tokenStart = line.range(of: "#token="),
            let portText = line.split(separator: ":").last?.split(separator: "/").first, let port = Int(portText)
        else {
            let result = web.finish(timeout: 1)
            throw TestFailure("pickerweb printed no URL: \(result.stdout) \(result.stderr)")
        }
        url = String(line)
        self.port = port
        token = String(line[tokenStart.upperBound...])
    }

    deinit {
        web.signal(SIGKILL)
    }

    /// A fresh session cookie (`picker_session_PORT=…`), as the page gets one.
    public func signIn() throws -> String {
        let response = try RawHTTP.request(
            "POST", "/session", port: port, headers: ["X-Picker-Token": token, "X-Picker-CSRF": "1"])
        guard response.status == 204, let cookie = response.headers["set-cookie"]?.split(separator: ";").first else {
            throw TestFailure("no session: \(response.status) \(response.body)")
        }
        return String(cookie)
    }

    /// A call to the page's interface with `cookie`; POSTs carry the CSRF header and a JSON body.
    public func api(_ method: String, _ path: String, cookie: String, body: String? = nil, timeout: TimeInterval = 10)
        throws -> RawHTTP.Response
    {
        var headers = ["Cookie": cookie]
        if method == "POST" {
            headers["X-Picker-CSRF"] = "1"
            headers["Content-Type"] = "application/json"
        }
        return try RawHTTP.request(
            method, path, port: port, headers: headers, body: method == "POST" ? (body ?? "{}") : body, timeout: timeout
        )
    }

    /// `pickerctl ARGUMENTS` against the daemon, left running.
    public func ask(_ arguments: [String]) throws -> CommandLineProcess {
        try CommandLineProcess("pickerctl", ["--socket", daemon.socketPath] + arguments)
    }
}
