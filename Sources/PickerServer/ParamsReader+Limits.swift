import PickerProtocol

extension ParamsReader {
    /// A string param no longer than `maxBytes` of UTF-8; a longer one is
    /// -32006 naming the limit.
    func string(_ key: String, maxBytes: Int, limit: Limit) throws(RPCError) -> String? {
        guard let value = try string(key) else { return nil }
        let bytes = value.utf8.count
        guard bytes <= maxBytes else {
            throw .limitReached(
                "\(key) is \(bytes) bytes long; the limit is \(maxBytes) (limits.\(limit.key)); shorten it", limit: limit)
        }
        return value
    }
}
