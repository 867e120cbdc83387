import PickerProtocol
import PickerSystem

#if canImport(Glibc)
import Glibc
#endif

/// `--open`: shows the page in the person's browser with `xdg-open`.
///
/// A command line is readable by every user (`/proc/PID/cmdline`), so the
/// URL with its token is never put on one: xdg-open is given a file, readable
/// by this user alone, that sends the browser on to the URL.
enum BrowserOpener {
    /// Nil, or why the page could not be opened.
    static func open(_ url: String, besides urlFile: String) -> String? {
        let page = SocketLocation.directory(of: urlFile) + "/web-open.html"
        let html = #"<!doctype html><meta charset="utf-8"><meta http-equiv="refresh" content="0;url=\#(url)"><title>pickerd</title>"#
        unlink(page)
        let descriptor = Glibc.open(page, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { return "cannot write \(page): \(POSIX.message())" }
        defer { close(descriptor) }
        guard POSIX.writeAll(Array(html.utf8), to: descriptor) else { return "cannot write \(page): \(POSIX.message())" }
        var pid: pid_t = 0
        let arguments = ["xdg-open", page]
        var argv = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        let status = posix_spawnp(&pid, "xdg-open", nil, nil, &argv, environ)
        return status == 0 ? nil : "cannot run xdg-open (\(POSIX.message(for: status))); open the URL above yourself"
    }
}
