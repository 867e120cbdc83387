#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

extension POSIX {
    /// Runs `body` on a new detached POSIX thread (on this one when none can
    /// be made), for a loop that blocks in `read`: the client's reader, the
    /// MCP server's standard input. A plain thread rather than Foundation's,
    /// so a command-line tool does not load Foundation (and ICU) at start,
    /// which was most of `pickerctl`'s run time.
    public static func startThread(_ body: @escaping @Sendable () -> Void) {
        final class Box: Sendable {
            let body: @Sendable () -> Void
            init(_ body: @escaping @Sendable () -> Void) { self.body = body }
        }
        let context = Unmanaged.passRetained(Box(body)).toOpaque()
        var thread = pthread_t()
        let created = pthread_create(
            &thread, nil,
            { context in
                let box = Unmanaged<Box>.fromOpaque(context!).takeRetainedValue()
                box.body()
                return nil
            }, context)
        if created == 0 {
            pthread_detach(thread)
        } else {
            Unmanaged<Box>.fromOpaque(context).release()
            body()
        }
    }
}
