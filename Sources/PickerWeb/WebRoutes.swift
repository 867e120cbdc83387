import HTTPTypes
import Hummingbird
import PickerJSON
import PickerProtocol

/// The routes of docs/web.md ("The page's interface"), behind the security
/// headers and the request guard.
enum WebRoutes {
    /// The largest request body read: an answer, however long a text.
    static let bodyLimit = 1 << 20
    static var tokenHeader: HTTPField.Name { HTTPField.Name("X-Picker-Token")! }

    static func router(bridge: DaemonBridge, origins: AllowedOrigins, secrets: SessionSecrets) -> Router<
        BasicRequestContext
    > {
        let router = Router()
        router.add(middleware: SecurityHeaders())
        router.add(middleware: RequestGuard(origins: origins, secrets: secrets))

        router.get("/") { _, _ in PageAssets.index() }
        for (path, bytes) in PageAssets.scripts {
            router.get(RouterPath(path)) { _, _ in PageAssets.script(bytes) }
        }
        for (path, bytes) in PageAssets.styles {
            router.get(RouterPath(path)) { _, _ in PageAssets.style(bytes) }
        }
        // Browsers ask for it on their own; nothing, rather than a 404 in every console.
        router.get("/favicon.ico") { _, _ in Response(status: .noContent) }
        router.post("/session") { request, _ in
            try startSession(request, secrets: secrets, cookie: origins.sessionCookie)
        }
        router.get("/api/state") { _, _ in JSONResponse.make(await bridge.state()) }
        router.get("/events") { _, _ in ServerSentEvents.response(bridge: bridge) }
        router.post("/api/windows/:window/update") { request, context in
            JSONResponse.make(try await bridge.update(window: try window(context), value: try await value(request)))
        }
        router.post("/api/windows/:window/submit") { request, context in
            JSONResponse.make(try await bridge.submit(window: try window(context), value: try await value(request)))
        }
        router.post("/api/windows/:window/cancel") { _, context in
            JSONResponse.make(try await bridge.cancel(window: try window(context)))
        }
        router.post("/api/windows/:window/browse") { request, context in
            let path = try await member(WireName.path, of: request)
            guard let path = path.stringValue else { throw WebError(.badRequest, #"send {"path": "/a/directory"}"#) }
            return JSONResponse.make(try await bridge.browse(window: try window(context), path: path))
        }
        router.post("/api/windows/:window/raise") { _, context in
            JSONResponse.make(try await bridge.raise(window: try window(context)))
        }
        return router
    }

    /// `POST /session`: the token from the URL's fragment, exchanged for a
    /// session cookie the page's script cannot read.
    private static func startSession(_ request: Request, secrets: SessionSecrets, cookie: String) throws -> Response {
        guard let token = request.headers[tokenHeader], let session = secrets.exchange(token: token) else {
            throw WebError(.forbidden, "this is not the token pickerweb printed; open the URL it printed")
        }
        var response = Response(status: .noContent)
        response.headers[.setCookie] = "\(cookie)=\(session); Path=/; HttpOnly; SameSite=Strict"
        return response
    }

    /// The window the address names, its id escaped as `encodeURIComponent` writes it.
    private static func window(_ context: BasicRequestContext) throws(WebError) -> WindowID {
        guard let segment = context.parameters.get("window"), !segment.isEmpty else {
            throw WebError(.badRequest, "the address names no window")
        }
        guard let id = PercentDecoding.decode(segment[...]), !id.isEmpty else {
            throw WebError(.badRequest, "the address's window id is not escaped as encodeURIComponent escapes it")
        }
        return WindowID(id)
    }

    /// The `value` member of a JSON object body.
    private static func value(_ request: Request) async throws -> JSON {
        try await member(WireName.value, of: request)
    }

    /// One member of a JSON object body.
    private static func member(_ name: WireName, of request: Request) async throws -> JSON {
        var request = request
        guard request.headers[.contentType]?.lowercased().hasPrefix("application/json") == true else {
            throw WebError(.unsupportedMediaType, "send the answer as JSON, with Content-Type: application/json")
        }
        let body = try await request.collectBody(upTo: bodyLimit)
        let parsed: JSON
        do {
            parsed = try JSON.parse(String(buffer: body))
        } catch {
            throw WebError(.badRequest, "the body is not JSON: \(error)")
        }
        guard let value = parsed[name] else { throw WebError(.badRequest, "send {\"\(name.jsonKey)\": …}") }
        return value
    }
}
