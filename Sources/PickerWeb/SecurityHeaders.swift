import HTTPTypes
import Hummingbird

/// Headers on every response, refusals included: the page runs only its own
/// script and style, cannot be framed, is never sniffed as another type,
/// sends no referrer and is never cached (docs/web.md, "Security").
struct SecurityHeaders<Context: RequestContext>: RouterMiddleware {
    static var policy: String {
        "default-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'"
    }

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws
        -> Response
    {
        var response: Response
        do {
            response = try await next(request, context)
        } catch let error as any HTTPResponseError {
            response = try error.response(from: request, context: context)
        } catch {
            // Anything else would leave as a bare 500, without these headers.
            response = try WebError(.internalServerError, "pickerweb failed to answer: \(error)").response(
                from: request, context: context)
        }
        response.headers[.contentSecurityPolicy] = Self.policy
        response.headers[.xContentTypeOptions] = "nosniff"
        response.headers[HTTPField.Name("Referrer-Policy")!] = "no-referrer"
        response.headers[.cacheControl] = "no-store"
        return response
    }
}
