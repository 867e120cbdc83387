import HTTPTypes
import Hummingbird

/// The page's files, built into the binary (no files to install, nothing from
/// a CDN): its HTML, scripts and style.
enum PageAssets {
    /// The page's scripts by path, in the order index.html loads them: app.js
    /// first (the helpers the others use as they load), sheet.js last (its
    /// table of shapes names the controls of the three before it).
    static let scripts: [(path: String, bytes: [UInt8])] = [
        ("/app.js", PackageResources.app_js), ("/wheels.js", PackageResources.wheels_js),
        ("/fields.js", PackageResources.fields_js), ("/choices.js", PackageResources.choices_js),
        ("/sheet.js", PackageResources.sheet_js),
    ]

    /// What anyone who passes the Host check may fetch: the page holds no data.
    /// The style sheets by path, in the order index.html loads them: the page
    /// and the sheet, then each kind's controls.
    static let styles: [(path: String, bytes: [UInt8])] = [
        ("/app.css", PackageResources.app_css), ("/controls.css", PackageResources.controls_css),
    ]

    /// What anyone who passes the Host check may fetch: the page holds no data.
    static let publicPaths = Set(["/", "/favicon.ico", "/session"] + (scripts + styles).map(\.path))

    static func index() -> Response { response(PackageResources.index_html, type: "text/html; charset=utf-8") }
    static func script(_ bytes: [UInt8]) -> Response { response(bytes, type: "text/javascript; charset=utf-8") }
    static func style(_ bytes: [UInt8]) -> Response { response(bytes, type: "text/css; charset=utf-8") }

    private static func response(_ bytes: [UInt8], type: String) -> Response {
        Response(status: .ok, headers: [.contentType: type], body: ResponseBody(byteBuffer: ByteBuffer(bytes: bytes)))
    }
}
