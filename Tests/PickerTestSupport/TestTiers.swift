import Testing

/// The tiers of the suite, as Swift Testing tags. A suite or test that starts
/// a process is tagged `.process`, and also `.tmux`, `.browser` or
/// `.externalProgram` when it drives one of those; the fast tier is what has
/// none of them (`Scripts/test-fast`). The harness checks the tag: starting a
/// process from an untagged test is a failure (`TierCheck`).
extension Tag {
    /// Starts a process: pickerd, pickerctl, pickerweb, pickermcp or another program.
    @Tag public static var process: Self
    /// Drives a real terminal: a tmux session (or script(1)'s).
    @Tag public static var tmux: Self
    /// Drives Chromium (the web page in a real browser).
    @Tag public static var browser: Self
    /// Runs a real ssh, sudo, gpg or git against pickerd's askpass or pinentry.
    @Tag public static var externalProgram: Self
}

/// Fails the running test if it starts a process without the `.process`
/// tag, so that the fast tier stays free of processes as tests are added.
enum TierCheck {
    static func startingProcess(_ program: String) {
        // Off the test's task (a thread of its own, a detached task) there is no current test to check.
        guard let test = Test.current, !test.tags.contains(.process) else { return }
        Issue.record(
            "\(test.name) starts \(program) but is not tagged .process: add .tags(.process) to its @Suite or @Test")
    }
}
