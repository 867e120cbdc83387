import PickerProtocol

/// A window's asker moving it (`pickerctl progress`, `pickerctl form`'s
/// progress field) across restarts of pickerd: a request that finds the
/// connection gone is sent again on the next one `connections` hands on,
/// which has taken the window back with `wait`, so it is the asker's again.
///
/// Used by one task at a time, the one moving the window: not `Sendable`.
public final class AskerUpdates {
    /// The asker's connection now.
    public private(set) var client: PickerClient
    private let connections: AskerConnections?

    /// `connections`: nil to fail with `.disconnected` as the connection goes.
    public init(_ client: PickerClient, following connections: AskerConnections?) {
        self.client = client
        self.connections = connections
    }

    /// `method` on the asker's connection; sent again on the next one when
    /// that is gone (an `update` or `submit`: the same again does no harm).
    public func send<Method: PickerMethod>(_ method: Method) async throws(PickerClientError) -> Method.Result {
        while true {
            do {
                return try await client.send(method)
            } catch .disconnected(let reason) {
                // The next connection handed on, or none: the wait for the outcome has ended meanwhile.
                guard let connections, let next = await connections.next() else {
                    throw .disconnected(reason: reason)
                }
                client = next
            }
        }
    }
}
