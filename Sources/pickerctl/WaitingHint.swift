import PickerClient
import PickerProtocol
import PickerSystem

#if canImport(Glibc)
import Glibc
#endif

/// What an asking command says, once, when a person may be watching its
/// standard error (a terminal): what it waits for and how to answer. Nothing
/// when stderr is a file or a pipe, so scripts see only the value.
enum WaitingHint {
    static func show(for window: WindowSummary) {
        guard isatty(2) == 1 else { return }
        let what = window.title.isEmpty ? "window \(window.window)" : "“\(window.title)” (window \(window.window))"
        var ways = "`pickerctl ui` in another terminal"
        // The web page's URL when pickerweb runs (it holds the token: this is the person's own terminal).
        if let url = WebURLFile.read(environment: POSIX.environment()) { ways += " or in a browser at \(url)" }
        printError("waiting for an answer to \(what); answer it with \(ways)")
    }
}
