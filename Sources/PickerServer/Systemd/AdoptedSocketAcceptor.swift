import CPickerServer
import NIOCore
import NIOPosix

#if canImport(Glibc)
import Glibc
#endif

/// Accepts the connections of the socket systemd passed in (socket
/// activation) and hands each one on as a connected descriptor.
///
/// Not `ServerBootstrap.withBoundSocket`: NIO calls `listen()` on the socket
/// it is given, and on Linux `listen()` on a Unix socket makes the caller the
/// listener whose credentials every client then reads (SO_PEERCRED). Under
/// `DynamicUser=yes` the system socket's listener would turn from root into
/// pickerd's dynamic user, whom pickerctl and the password agent (which trust
/// only themselves and root) refuse. So the adopted socket stays as systemd
/// made it: only accepted on, never listened on, bound or unlinked.
///
/// Accepting runs on a thread of its own that waits in poll(2) for a
/// connection or for `close()`.
final class AdoptedSocketAcceptor: Sendable {
    private let descriptor: Int32
    /// A pipe: a byte written to `wakeWriter` ends the accepting thread's wait.
    private let wakeReader: Int32
    private let wakeWriter: Int32
    private let thread: NIOThreadPool
    private let finished: EventLoopFuture<Void>

    /// How long accepting pauses when out of descriptors (EMFILE): the socket
    /// stays readable, so accepting again at once would spin.
    static let backoffMilliseconds: Int32 = 100

    /// Starts accepting on `descriptor`; `accepted` gets each connection
    /// (non-blocking, close-on-exec) and owns it from then on.
    init(descriptor: Int32, eventLoop: any EventLoop, accepted: @escaping @Sendable (Int32) -> Void)
        throws(StartupError)
    {
        var pipeEnds: [Int32] = [0, 0]
        guard picker_pipe_nonblocking(&pipeEnds) == 0 else {
            throw StartupError("cannot make a pipe to stop accepting with: \(String(cString: strerror(errno)))")
        }
        // Never blocks in accept4 when another process took the connection first.
        // The flag is the open file's, shared with systemd's copy; NIO set it too.
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
        self.descriptor = descriptor
        wakeReader = pipeEnds[0]
        wakeWriter = pipeEnds[1]
        thread = NIOThreadPool(numberOfThreads: 1)
        thread.start()
        let wakeReader = wakeReader
        finished = thread.runIfActive(eventLoop: eventLoop) {
            Self.acceptUntilWoken(descriptor, wakeReader: wakeReader, accepted: accepted)
        }
    }

    /// Stops accepting, waits for the thread, then closes this process's copy
    /// of the socket (systemd keeps its own, and the file stays).
    func close() async {
        var byte: UInt8 = 1
        _ = write(wakeWriter, &byte, 1)
        try? await finished.get()
        try? await thread.shutdownGracefully()
        Glibc.close(wakeReader)
        Glibc.close(wakeWriter)
        Glibc.close(descriptor)
    }

    private static func acceptUntilWoken(_ descriptor: Int32, wakeReader: Int32, accepted: @Sendable (Int32) -> Void) {
        var waits = [
            pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0),
            pollfd(fd: wakeReader, events: Int16(POLLIN), revents: 0),
        ]
        var backingOff = false
        while true {
            waits[0].events = backingOff ? 0 : Int16(POLLIN)
            let ready = poll(&waits, 2, backingOff ? backoffMilliseconds : -1)
            if ready < 0 {
                if errno == EINTR { continue }
                return
            }
            if waits[1].revents != 0 { return }
            backingOff = false
            guard ready > 0 else { continue }
            accepting: while true {
                let connection = picker_accept_connection(descriptor)
                if connection >= 0 {
                    accepted(connection)
                    continue
                }
                switch errno {
                case EINTR, ECONNABORTED: continue
                case EAGAIN: break accepting
                default:
                    // EMFILE, ENFILE, ENOBUFS, ENOMEM: wait a moment for resources.
                    backingOff = true
                    break accepting
                }
            }
        }
    }
}
