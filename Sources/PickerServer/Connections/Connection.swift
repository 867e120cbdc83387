import NIOCore
import PickerCore
import PickerJSON
import PickerProtocol

/// A client connection as the core sees it: who is on the other end, how
/// answers and events reach it, and how it ends. `ConnectionHandler` is the
/// one over a socket; the core never touches its channel.
protocol Connection: AnyObject {
    var id: ConnectionID { get }
    /// Known once the connection is admitted; nil before.
    var peer: PeerCredentials? { get }
    /// Who asks through it, as the windows it presents name their owner
    /// (`AskerIdentity`); nil before it is admitted.
    var asker: Peer? { get }
    /// Closing: nothing more is written or read.
    var isClosing: Bool { get }
    /// Whether more was ever queued for the peer than it took.
    var fellBehind: Bool { get }
    /// Bytes waiting for the peer: written and not yet taken, and batch
    /// answers collected but not yet written.
    var pendingBytes: Int { get }
    /// Requests with an id not answered yet (`ResponseSink`); once the peer
    /// has shut its sending side, the connection closes when this is zero.
    var answersOwed: Int { get set }
    /// What the peer called itself in `hello` (`client`), fit to show: an
    /// outcome's `by.client`, the front-end an answer came through.
    var clientName: String? { get set }
    /// The remote host a relay on this machine said it speaks for in
    /// `hello` (`remote`), fit to show: an outcome's `by.remote`.
    var remoteName: String? { get set }
    /// Whether a message of the peer's has run already: `hello`'s `remote`
    /// is taken only in the first.
    var hasSpoken: Bool { get set }

    /// Writes one message as a line.
    func send(_ message: JSON)
    /// Writes one serialized line, its newline included.
    func send(line: [UInt8])
    /// Writes one serialized line, its newline included, without copying it
    /// unless it is small.
    func send(line: ByteBuffer)
    /// Writes the line `build` serializes (the newline is added).
    func send(lineBuiltBy build: (inout [UInt8]) -> Void)
    /// Writes an event line (`EventLine`), unless more than `limit` events
    /// wait unread: then the subscriber is told why and disconnected.
    func sendEvent(head: ByteBuffer, body: ByteBuffer, limit: Int)
    /// A batch's answers grew by `bytes` (negative once written or dropped).
    func batchBytesChanged(by bytes: Int, answersSoFar: Int)
    /// The turn's changes are committed: what was written during it may go out.
    func releaseHeldWrites()
    /// An answer will be built over several loop iterations: the peer's next
    /// lines wait until it is written.
    func slicedAnswerBegins()
    /// Its building starts: what is written from now on waits behind it. Its
    /// place among what is written.
    func slicedAnswerStarts() -> Int
    /// What `write` writes takes that place (nil: it never started; nothing,
    /// when the answer is dropped); then what waited goes on.
    func slicedAnswerWritten(slot: Int?, by write: () -> Void)
    /// Whether the peer reads what it is sent: held-back work runs only then.
    var peerKeepsUp: Bool { get }
    /// Runs `resume` once when the peer has caught up (its channel is
    /// writable again); a later call replaces an earlier one.
    func whenPeerCatchesUp(_ resume: @escaping () -> Void)
    /// Runs `finish` if the peer goes away first (nil: no more); what it
    /// sent before then still runs, as it would have at once.
    func whenPeerGoesAway(_ finish: (() -> Void)?)
    /// Closes at the next turn, dropping what is queued.
    func abandon()
    /// Closes once what was written so far has gone out.
    func closeAfterFlush()
}
