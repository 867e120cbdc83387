import CPickerTerminal

#if canImport(Glibc)
import Glibc
#endif

/// Reads the terminal entered (stdin, or /dev/tty inline) on a thread of its own and hands each chunk of bytes on, until
/// the terminal is left: from then on keys belong to the shell, not to us.
enum InputReader {
    static func start(_ deliver: @escaping @Sendable ([UInt8]) -> Void) {
        final class Box: Sendable {
            let deliver: @Sendable ([UInt8]) -> Void
            init(_ deliver: @escaping @Sendable ([UInt8]) -> Void) { self.deliver = deliver }
        }
        let context = Unmanaged.passRetained(Box(deliver)).toOpaque()
        var thread = pthread_t()
        pthread_create(
            &thread, nil,
            { context in
                let box = Unmanaged<Box>.fromOpaque(context!).takeRetainedValue()
                var buffer = [UInt8](repeating: 0, count: 1024)
                let input = picker_terminal_input()
                while picker_terminal_active() == 1 {
                    var poller = pollfd(fd: input, events: Int16(POLLIN), revents: 0)
                    guard poll(&poller, 1, 100) > 0 else { continue }
                    guard picker_terminal_active() == 1 else { break }
                    let count = buffer.withUnsafeMutableBytes { read(input, $0.baseAddress, $0.count) }
                    if count < 0, errno == EINTR { continue }
                    guard count > 0 else { break }
                    box.deliver(Array(buffer[0..<count]))
                }
                return nil
            }, context)
        pthread_detach(thread)
    }
}
