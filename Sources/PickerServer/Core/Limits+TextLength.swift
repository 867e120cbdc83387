import PickerProtocol

extension Limits {
    /// Refuses a text param longer than its limit with -32006 naming the limit.
    func checkLength(of value: String?, named key: String, limit: Limit) throws(RPCError) {
        guard let value else { return }
        let bytes = value.utf8.count
        let maxBytes = self[limit]
        guard bytes <= maxBytes else {
            throw .limitReached(
                "\(key) is \(bytes) bytes long; the limit is \(maxBytes) (limits.\(limit.key)); shorten it",
                limit: limit)
        }
    }
}
