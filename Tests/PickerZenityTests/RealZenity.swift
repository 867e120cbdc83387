import Foundation
import PickerTestSupport

/// The real zenity 3.44 on the suite's Xvfb, answered by xdotool as a person
/// would with a keyboard: what it printed and its exit status.
enum RealZenity {
    /// Runs `zenity ARGUMENTS`, waits for its window to be shown and focused,
    /// presses `keys` (each an xdotool command line: `["type", "hello"]`,
    /// `["key", "Return"]`), and waits for zenity to exit. `input`, when
    /// given, is written to its standard input (closed after it unless `input.keepsOpen`).
    static func run(
        _ arguments: [String], keys: [[String]], input: ZenityCase.Input? = nil, environment: [String: String]
    ) throws -> CommandLineProcess.Result {
        let display = try VirtualDisplay.display.get()
        let zenity = try CommandLineProcess(
            program: "/usr/bin/zenity", arguments, environment: environment.merging(["DISPLAY": display]) { $1 },
            input: input != nil)
        if let input { try zenity.write(input: input.text, close: !input.keepsOpen) }
        guard !keys.isEmpty else { return zenity.finish(timeout: 60) }
        // --sync makes xdotool wait until a window is mapped: a condition, not a sleep.
        let found = try xdotool(["search", "--sync", "--onlyvisible", "--class", "zenity"], display: display)
        guard let window = found.split(separator: "\n").first.map(String.init) else {
            throw TestFailure("no zenity window: \(zenity.finish(timeout: 1).stderr)")
        }
        // Without a window manager nothing gives it the focus: xdotool does, and waits until it has it.
        _ = try xdotool(["windowfocus", "--sync", window], display: display)
        for key in keys { _ = try xdotool(key, display: display) }
        return zenity.finish(timeout: 60)
    }

    @discardableResult
    static func xdotool(_ arguments: [String], display: String) throws -> String {
        let result = try CommandLineProcess(
            program: "/usr/bin/xdotool", arguments, environment: ["DISPLAY": display]
        ).finish(timeout: 60)
        guard result.status == 0 else { throw TestFailure("xdotool \(arguments): \(result.status) \(result.stderr)") }
        return result.stdout
    }
}
