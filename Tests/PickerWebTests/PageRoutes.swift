#if ROUTER_TESTS  // Package.swift, `routerTests`
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import PickerJSON
import PickerTestSupport

@testable import PickerWeb

/// pickerweb's routes behind their middleware (the security headers and the
/// request guard), in-process on HummingbirdTesting's router client: no
/// socket and no HTTP parsing, so a test states exactly the head it sends.
/// The bridge follows `daemon`, a real pickerd, when one is given, or every
/// one of `daemons` (several hosts).
///
/// What needs the real server stays on the real pickerweb (`WebFrontEnd`):
/// the HTTP/1 parsing of `Host`, connection shares by peer, the event stream.
struct PageRoutes: Sendable {
    /// The port the routes take themselves to be bound to.
    static let port = 8765
    static let ourHost = "127.0.0.1:\(port)"
    static let sessionCookie = "picker_session_\(port)"

    let daemon: DaemonProcess?
    /// The hosts followed at once, when several are.
    let daemons: [DaemonProcess]
    let secrets = SessionSecrets()
    /// Where the bridge looks for pickerd without a daemon: a folder of this test's, with no socket in it.
    private let nowhere: TestDirectory

    init(daemon: DaemonProcess? = nil) throws {
        self.daemon = daemon
        daemons = []
        nowhere = try TestDirectory()
    }

    /// Routes that follow every one of `daemons`, each a host of its own.
    init(daemons: [DaemonProcess]) throws {
        daemon = nil
        self.daemons = daemons
        nowhere = try TestDirectory()
    }

    /// Runs `body` with a client of the routes, the bridge running beside it.
    func test<Value: Sendable>(_ body: @Sendable (PageClient) async throws -> Value) async throws -> Value {
        let bridge =
            daemons.isEmpty
            ? DaemonBridge(socketPath: daemon?.socketPath ?? nowhere.url.appendingPathComponent("pickerd.sock").path)
            : DaemonBridge(hosts: daemons.map(\.socketPath))
        let origins = AllowedOrigins()
        origins.bound(.loopback, port: Self.port)
        let router = WebRoutes.router(bridge: bridge, origins: origins, secrets: secrets)
        var app = Application(responder: HostAsAuthority(inner: router.buildResponder()))
        app.addServices(bridge)
        let secrets = secrets
        return try await app.test(.router) { client in
            try await body(PageClient(client: client, token: secrets.token))
        }
    }
}

/// What pickerweb's HTTP/1 server does with `Host` before any route sees it:
/// the first one becomes the request's authority, any other stays among its
/// headers. (The router client sends every request as `localhost`.)
struct HostAsAuthority<Inner: HTTPResponder>: HTTPResponder {
    let inner: Inner

    func respond(to request: Request, context: Inner.Context) async throws -> Response {
        var head = request.head
        head.authority = head.headerFields[HTTPField.Name("Host")!]
        if let first = head.headerFields.firstIndex(where: { $0.name.canonicalName == "host" }) {
            head.headerFields.remove(at: first)
        }
        return try await inner.respond(to: Request(head: head, body: request.body), context: context)
    }
}

/// A page's requests to the routes: with our `Host` unless told otherwise.
struct PageClient: Sendable {
    struct Response: Sendable {
        var status: Int
        var headers: HTTPFields
        var body: String

        func header(_ name: String) -> String? { headers[HTTPField.Name(name)!] }
        var json: JSON { get throws { try JSON.parse(body) } }
    }

    let client: any TestClientProtocol
    let token: String

    /// One request: `host` as its `Host` (nil: none), then `headers` in order, a repeated name included.
    func request(
        _ method: HTTPRequest.Method, _ path: String, host: String? = PageRoutes.ourHost,
        headers: KeyValuePairs<String, String> = [:],
        body: String? = nil
    ) async throws -> Response {
        var fields = HTTPFields()
        if let host { fields.append(HTTPField(name: HTTPField.Name("Host")!, value: host)) }
        for (name, value) in headers { fields.append(HTTPField(name: HTTPField.Name(name)!, value: value)) }
        let response = try await client.execute(
            uri: path, method: method, headers: fields, body: body.map { ByteBuffer(string: $0) })
        return Response(
            status: Int(response.status.code), headers: response.headers, body: String(buffer: response.body))
    }

    /// A fresh session cookie (`picker_session_PORT=…`), as the page gets one.
    func signIn() async throws -> String {
        let response = try await request(.post, "/session", headers: ["X-Picker-Token": token, "X-Picker-CSRF": "1"])
        guard response.status == 204, let cookie = response.header("Set-Cookie")?.split(separator: ";").first else {
            throw TestFailure("no session: \(response.status) \(response.body)")
        }
        return String(cookie)
    }

    /// A call to the page's interface with `cookie`; a POST carries the CSRF header and a JSON body.
    func api(_ method: HTTPRequest.Method, _ path: String, cookie: String, body: String? = nil) async throws -> Response
    {
        guard method == .post else { return try await request(method, path, headers: ["Cookie": cookie], body: body) }
        return try await request(
            method, path, headers: ["Cookie": cookie, "X-Picker-CSRF": "1", "Content-Type": "application/json"],
            body: body ?? "{}")
    }

    /// `GET /api/state` once pickerweb's bridge is connected to pickerd.
    func connectedState(cookie: String) async throws -> JSON {
        var state = JSON.null
        try await eventually("pickerweb's bridge to connect to pickerd") {
            state = try await api(.get, "/api/state", cookie: cookie).json
            return state["connected"] == true
        }
        return state
    }

    /// A fresh session once the bridge is connected, and the key window's id.
    func signInToKeyWindow() async throws -> (cookie: String, window: String) {
        let cookie = try await signIn()
        let state = try await connectedState(cookie: cookie)
        guard let window = state["key"]?.stringValue else { throw TestFailure("no key window: \(state)") }
        return (cookie, window)
    }
}

extension PageRoutes {
    /// `pickerctl ARGUMENTS` against the daemon, left running.
    func ask(_ arguments: [String]) throws -> CommandLineProcess {
        guard let daemon else { throw TestFailure("these routes follow no pickerd") }
        return try CommandLineProcess("pickerctl", ["--socket", daemon.socketPath] + arguments)
    }

    /// `pickerctl ARGUMENTS` against the daemon, to its end (off the shared threads).
    func pickerctl(_ arguments: [String]) async throws -> CommandLineProcess.Result {
        guard let daemon else { throw TestFailure("these routes follow no pickerd") }
        return try await offThePool {
            try CommandLineProcess.run("pickerctl", ["--socket", daemon.socketPath] + arguments)
        }
    }

    /// Waits until `count` windows are open (so an asking pickerctl is blocked).
    func waitForWindows(_ count: Int) async throws {
        guard let daemon else { throw TestFailure("these routes follow no pickerd") }
        try await offThePool { try daemon.waitForWindows(count) }
    }
}

extension CommandLineProcess {
    /// Waits for the end, off the shared threads.
    func finished() async throws -> Result {
        try await offThePool { self.finish() }
    }
}
#endif
