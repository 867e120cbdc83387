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
    /// The redirecting file, beside the web-url file (whose folder was checked
    /// to be this user's alone before anything is written there).
    static func page(besides urlFile: String) -> String {
        SocketLocation.directory(of: urlFile) + "/web-open.html"
    }

    /// Nil, or why the page could not be opened.
    static func open(_ url: String, besides urlFile: String) -> String? {
        let page = page(besides: urlFile)
        let html =
            #"<!doctype html><meta charset="utf-8"><meta http-equiv="refresh" content="0;url=\#(url)"><title>pickerd</title>"#
        unlink(page)
        let descriptor = Glibc.open(page, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { return "cannot write \(page): \(POSIX.message())" }
        defer { close(descriptor) }
        guard POSIX.writeAll(Array(html.utf8), to: descriptor) else {
            return "cannot write \(page): \(POSIX.message())"
        }
        switch POSIX.spawn(["xdg-open", page], environment: POSIX.environment()) {
        case .success(let pid):
            // Reaped when it ends, so it never lingers as a zombie.
            POSIX.startThread {
                var status: Int32 = 0
                while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
            }
            return nil
        case .failure(let failure):
            return "cannot run xdg-open (\(failure.reason)); open the URL above yourself"
        }
    }
}
