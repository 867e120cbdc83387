import HTTPTypes
import Hummingbird

/// The checks every request passes before any route sees it (docs/web.md,
/// "Security"), in this order:
/// - it has one `Host` (RFC 9112 §3.2: more than one is 400), and it is one
///   of ours (DNS rebinding), the event stream included;
/// - an `Origin`, where one is sent, is ours;
/// - everything but the page itself and `/session` needs the session cookie
///   (an exact list: the router ignores empty path parts, so `//api/state`
///   reaches `/api/state`, and a prefix test would let it by);
/// - a state change (`POST`) needs `X-Picker-CSRF: 1`, which a page on another
///   site cannot send without a CORS preflight, and none is ever allowed.
struct RequestGuard<Context: RequestContext>: RouterMiddleware {
    let origins: AllowedOrigins
    let secrets: SessionSecrets

    static var csrfHeader: HTTPField.Name { HTTPField.Name("X-Picker-CSRF")! }
    static var hostHeader: HTTPField.Name { HTTPField.Name("Host")! }
    /// What anyone who passes the Host check may fetch: the page holds no data.
    static var publicPaths: Set<String> { PageAssets.publicPaths }

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws
        -> Response
    {
        // The first Host becomes the request's authority; any other stays among the headers.
        guard request.headers[Self.hostHeader] == nil else {
            throw WebError(.badRequest, "a request has one Host header")
        }
        guard let host = request.head.authority, origins.allows(host: host) else {
            throw WebError(
                .misdirectedRequest, "this pickerweb answers only at the address it printed, not at this host name")
        }
        if let origin = request.headers[.origin], !origins.allows(origin: origin) {
            throw WebError(.forbidden, "requests from another site are refused")
        }
        if !Self.publicPaths.contains(request.uri.path) {
            guard let session = request.cookies[origins.sessionCookie]?.value, secrets.isSession(session) else {
                throw WebError(.unauthorized, "no session: open the URL pickerweb printed, with its token")
            }
        }
        if request.method != .get && request.method != .head {
            guard request.headers[Self.csrfHeader] == "1" else {
                throw WebError(.forbidden, "a change needs the header X-Picker-CSRF: 1")
            }
        }
        return try await next(request, context)
    }
}
