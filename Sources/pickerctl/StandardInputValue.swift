import CPickerTerminal

#if canImport(Glibc)
import Glibc
#endif

/// The VALUE of `submit --stdin` and `update --stdin`, so that a secret never
/// appears in the command line, which every user can read in /proc/PID/cmdline.
///
/// From a pipe or a file: all of standard input, less one line break at the
/// end (`printf '%s\n' "$pw" | pickerctl submit --stdin` submits `$pw`; a
/// multiline text keeps its inner line breaks). From a terminal: one line,
/// typed without echo after a prompt on stderr.
enum StandardInputValue {
    /// A value is at most as long as a request line may be (the default 1 MiB).
    static let maxBytes = 1 << 20

    static func read() throws -> String {
        var bytes: [UInt8]
        if picker_hidden_input_begin() == 0 {
            writeToStandardError("Value (not shown): ")
            bytes = readBytes(untilNewline: true)
            picker_hidden_input_end()
            writeToStandardError("\n")
        } else {
            bytes = readBytes(untilNewline: false)
        }
        // The bytes, which may be a secret, do not outlive the string made of them.
        defer { wipe(&bytes) }
        guard bytes.count <= maxBytes else {
            throw CommandFailure(
                status: ExitStatus.usage, "the value on standard input is longer than \(maxBytes) bytes")
        }
        if bytes.last == 0x0A { bytes.removeLast() }
        if bytes.last == 0x0D { bytes.removeLast() }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw CommandFailure(status: ExitStatus.usage, "the value on standard input is not UTF-8 text")
        }
        return text
    }

    /// Reads to the end (or, from a terminal, to the end of the line), one
    /// byte past `maxBytes` at most so that a longer input is noticed.
    private static func readBytes(untilNewline: Bool) -> [UInt8] {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        defer { wipe(&chunk) }
        while bytes.count <= maxBytes {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(0, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { break }
            bytes += chunk[0..<count]
            if untilNewline, bytes.last == 0x0A { break }
        }
        return bytes
    }

    private static func wipe(_ bytes: inout [UInt8]) {
        bytes.withUnsafeMutableBufferPointer { $0.update(repeating: 0) }
    }

    private static func writeToStandardError(_ text: String) {
        let bytes = Array(text.utf8)
        _ = bytes.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
    }
}
