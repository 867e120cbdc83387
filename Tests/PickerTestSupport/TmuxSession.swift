import Foundation

/// A detached tmux session on a server of its own, for driving a terminal
/// program: send keys, read the screen.
///
/// tmux is run with popen rather than Foundation's Process: the command that
/// starts the server forks it off as a daemon, and Process then never reaps
/// its client (nor sees its output end).
public final class TmuxSession: @unchecked Sendable {
    // @unchecked: used by the one test that made it.
    public static let tmux = ["/usr/bin/tmux", "/bin/tmux"].first(where: FileManager.default.fileExists)
    private let server = "pickerd-test-\(UUID().uuidString.prefix(8))"

    /// Starts `command` (a shell command line) in a `width`×`height` window.
    public init(_ command: String, width: Int = 100, height: Int = 30) throws {
        guard Self.tmux != nil else { throw TestFailure("tmux is not installed; .ci/run installs it") }
        try run(["new-session", "-d", "-s", "main", "-x", "\(width)", "-y", "\(height)", command], quiet: true)
        try run(["set-option", "-t", "main", "remain-on-exit", "on"])
    }

    deinit {
        _ = try? run(["kill-server"], quiet: true)
    }

    @discardableResult
    private func run(_ arguments: [String], quiet: Bool = false) throws -> String {
        let words = [Self.tmux!, "-L", server, "-f", "/dev/null"] + arguments
        var line = words.map(Self.quoted).joined(separator: " ")
        line += quiet ? " </dev/null >/dev/null 2>&1" : " 2>&1 </dev/null"
        guard let pipe = popen(line, "r") else { throw TestFailure("cannot run tmux") }
        var output = Data()
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = fread(&buffer, 1, buffer.count, pipe)
            if count > 0 { output.append(contentsOf: buffer[0..<count]) }
            if count < buffer.count { break }
        }
        let status = pclose(pipe)
        let text = String(decoding: output, as: UTF8.self)
        guard status == 0 else { throw TestFailure("tmux \(arguments.first ?? "") failed: \(text)") }
        return text
    }

    private static func quoted(_ word: String) -> String {
        "'" + word.split(separator: "'", omittingEmptySubsequences: false).joined(separator: "'\\''") + "'"
    }

    /// Sends keys by tmux name: `Down`, `Enter`, `Escape`, `BSpace`, `C-c`.
    public func send(_ keys: String...) throws {
        try run(["send-keys", "-t", "main"] + keys)
    }

    /// Types text literally.
    public func type(_ text: String) throws {
        try run(["send-keys", "-t", "main", "-l", "--", text])
    }

    /// The visible screen as text.
    public func screen() throws -> String {
        try run(["capture-pane", "-p", "-t", "main"])
    }

    /// Waits until the screen contains `text` (with `gone`, until it does
    /// not); the screen then, or nil.
    @discardableResult
    public func waitFor(_ text: String, gone: Bool = false, timeout: TimeInterval = 10) throws -> String? {
        var current = ""
        let seen = try holdsWithin(timeout, every: 0.05) {
            current = try screen()
            return current.contains(text) != gone
        }
        return seen ? current : nil
    }

    /// Any other tmux command on this session's server (`set-option -s …`,
    /// `list-buffers`); its output.
    @discardableResult
    public func command(_ arguments: String...) throws -> String {
        try run(arguments)
    }

    public func resize(width: Int, height: Int) throws {
        try run(["resize-window", "-t", "main", "-x", "\(width)", "-y", "\(height)"])
    }
}
