import HTTPTypes
import Hummingbird

/// The page's files, built into the binary (no files to install, nothing from
/// a CDN): its HTML, script and style.
enum PageAssets {
    static func index() -> Response { response(PackageResources.index_html, type: "text/html; charset=utf-8") }
    static func script() -> Response { response(PackageResources.app_js, type: "text/javascript; charset=utf-8") }
    static func style() -> Response { response(PackageResources.app_css, type: "text/css; charset=utf-8") }

    private static func response(_ bytes: [UInt8], type: String) -> Response {
        Response(status: .ok, headers: [.contentType: type], body: ResponseBody(byteBuffer: ByteBuffer(bytes: bytes)))
    }
}
