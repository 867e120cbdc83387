import PickerClient
import PickerProtocol
import PickerSystem

/// Whether a person is working on a waiting call's window right now: the
/// window's live value changed (`window.changed`) since the last progress
/// notification, so the next one says "a person is typing" instead of only
/// how long the call has waited. Only that a change happened is kept, never
/// the value.
final class LiveActivity: Sendable {
    private let changed = Locked(false)

    /// The window's value changed.
    func touch() { changed.withLock { $0 = true } }

    /// Whether it changed since the last call.
    func takeChange() -> Bool {
        changed.withLock { changed in
            defer { changed = false }; return changed
        }
    }

    /// Follows `window`'s `window.changed` events on a connection of its own
    /// until the task is cancelled (the call ended, or its window is asked again).
    static func watch(_ window: WindowID, socketPath: String?, into activity: LiveActivity) -> Task<Void, Never> {
        Task {
            guard let client = try? PickerClient.connect(socketPath: socketPath) else { return }
            defer { client.close() }
            guard let events = try? await client.subscribe(events: [EventType.changed.rawValue], windows: [window])
            else { return }
            for await _ in events { activity.touch() }
        }
    }
}
