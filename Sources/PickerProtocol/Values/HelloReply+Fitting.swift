extension HelloReply {
    /// The daemon's `limit`, as `hello` gave it (`reply`), else the default.
    public static func value(of limit: Limit, in reply: HelloReply?) -> Int {
        Int(reply?[limit: limit.key] ?? Int64(Limits()[limit]))
    }

    /// `text` cut to the daemon's `limit` (as `hello` gave it, else the
    /// default), so that a client's title or message is not refused for its length.
    public static func fitting(_ text: String, _ limit: Limit, in reply: HelloReply?) -> String {
        prefix(of: text, bytes: value(of: limit, in: reply))
    }

    /// The longest start of `text` within `bytes` bytes of UTF-8, whole characters only.
    public static func prefix(of text: String, bytes: Int) -> String {
        guard text.utf8.count > bytes else { return text }
        var result = ""
        var used = 0
        for character in text {
            let size = character.utf8.count
            guard used + size <= bytes else { break }
            result.append(character)
            used += size
        }
        return result
    }
}
