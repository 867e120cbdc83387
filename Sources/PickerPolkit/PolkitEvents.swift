import CPickerPolkit
import PickerSystem

/// Where CPickerPolkit's events land, on the agent's GLib thread: each new
/// request with a stream of its own, and each later event into its request's
/// stream, in polkit's order. Nothing here blocks that thread.
final class PolkitEvents: Sendable {
    /// A request that began, and what polkit and its helper say about it from then on.
    typealias Begun = (request: PolkitRequest, events: AsyncStream<PolkitEvent>)

    let begun: AsyncStream<Begun>
    private let beginning: AsyncStream<Begun>.Continuation
    private let streams = Locked<[UInt: AsyncStream<PolkitEvent>.Continuation]>([:])

    init() {
        (begun, beginning) = AsyncStream<Begun>.makeStream()
    }

    /// The request's stream ends: its events go nowhere from now on.
    func forget(_ request: PolkitRequest) {
        streams.withLock { $0.removeValue(forKey: request.number) }?.finish()
    }

    /// The C side's handler; its context is an unretained `PolkitEvents` that lives as long as the agent.
    static let handler: picker_polkit_handler = { context, handle, kind, text, flag in
        guard let context, let handle else { return }
        let events = Unmanaged<PolkitEvents>.fromOpaque(context).takeUnretainedValue()
        let text = text.map { String(cString: $0) } ?? ""
        let event: PolkitEvent
        switch kind {
        case PICKER_POLKIT_BEGIN:
            events.begin(PolkitRequest(handle: handle))
            return
        case PICKER_POLKIT_CANCELLED: event = .cancelled
        case PICKER_POLKIT_PROMPT: event = .prompt(text, echo: flag != 0)
        case PICKER_POLKIT_INFO: event = .info(text)
        case PICKER_POLKIT_ERROR: event = .error(text)
        case PICKER_POLKIT_COMPLETED: event = .completed(gained: flag != 0)
        default: return
        }
        let number = UInt(picker_polkit_request_number(handle))
        _ = events.streams.withLock { $0[number] }?.yield(event)
    }

    private func begin(_ request: PolkitRequest) {
        let (stream, continuation) = AsyncStream<PolkitEvent>.makeStream()
        streams.withLock { $0[request.number] = continuation }
        beginning.yield((request, stream))
    }
}
