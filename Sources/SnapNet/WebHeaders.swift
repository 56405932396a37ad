import Hummingbird
import HTTPTypes

/// What every HTTP answer of the host carries (pages, files and errors alike): a
/// Content-Security-Policy that lets the page load and connect to its own origin only, with no
/// inline script or style. A WebSocket upgrade that reaches this far was refused by the
/// origin check (`WebOrigin`), and is answered 403.
struct WebHeaders<Context: RequestContext>: RouterMiddleware {
    static var policy: String { WebPolicy.contentSecurity }

    static var referrerPolicy: HTTPField.Name { HTTPField.Name("Referrer-Policy")! }

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        var response: Response
        if request.headers[.upgrade] != nil {
            response = Response(status: .forbidden, headers: [.contentType: "text/plain; charset=utf-8"],
                                body: .init(byteBuffer: .init(string: "WebSocket refused: its Origin is not this host's page\n")))
        } else {
            do { response = try await next(request, context) } catch let e as any HTTPResponseError {
                response = try e.response(from: request, context: context)
            }
        }
        response.headers[.contentSecurityPolicy] = Self.policy
        response.headers[.xContentTypeOptions] = "nosniff"
        // The join code is in the page's address: it goes nowhere else.
        response.headers[Self.referrerPolicy] = "no-referrer"
        if response.headers[.cacheControl] == nil { response.headers[.cacheControl] = "no-cache" }
        return response
    }
}

/// The Content-Security-Policy of everything the host answers over HTTP.
enum WebPolicy {
    static let contentSecurity = "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; connect-src 'self'; "
        + "manifest-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"
}
