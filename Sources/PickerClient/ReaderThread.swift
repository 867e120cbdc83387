#if canImport(Glibc)
import Glibc
#endif

/// Runs `body` on a new detached POSIX thread. The client uses a plain thread
/// rather than Foundation's, so a command-line tool built on it does not load
/// Foundation (and ICU) at start, which was most of `pickerctl`'s run time.
/// The password agent reads inotify events on one too.
package func startReaderThread(_ body: @escaping @Sendable () -> Void) {
    final class Box: Sendable {
        let body: @Sendable () -> Void
        init(_ body: @escaping @Sendable () -> Void) { self.body = body }
    }
    let context = Unmanaged.passRetained(Box(body)).toOpaque()
    var thread = pthread_t()
    let created = pthread_create(&thread, nil, { context in
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
