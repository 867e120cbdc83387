/// The unguessable part of a window id: `w12-` then 16 characters, 80 bits of
/// the model's random source (in pickerd the system's CSPRNG,
/// `BufferedSystemRandom`, getrandom read 64 words at a time). The number
/// orders ids and never repeats (the store keeps it across restarts); the
/// token keeps anyone from naming a window by counting from an id of their
/// own, and ids apart should the store be lost and the numbers start again.
enum WindowIDToken {
    /// Crockford's base 32, lower case: no `-`, no letters easy to misread.
    static let alphabet = Array("0123456789abcdefghjkmnpqrstvwxyz".utf8)
    static let length = 16

    static func make(from random: inout any RandomNumberGenerator) -> String {
        // 12 characters of 5 bits from the first word, 4 from the second.
        let words = [random.next(), random.next()]
        let characters = (0..<length).map { index in
            alphabet[Int(truncatingIfNeeded: words[index / 12] >> UInt64(5 * (index % 12))) & 31]
        }
        return String(decoding: characters, as: UTF8.self)
    }
}
