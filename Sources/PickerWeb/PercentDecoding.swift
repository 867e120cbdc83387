/// A path segment's `%XX` escapes undone, as the page writes a window's id
/// with `encodeURIComponent` (a qualified id, `build-7/w3`, holds a `/`).
/// Hummingbird matches routes on the path as sent, so a segment reaches a
/// route still escaped.
enum PercentDecoding {
    /// `segment` decoded; nil when an escape is malformed or the bytes are
    /// not UTF-8, so a hostile address is refused rather than guessed at.
    static func decode(_ segment: Substring) -> String? {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(segment.utf8.count)
        var rest = segment.utf8[...]
        while let byte = rest.popFirst() {
            guard byte == UInt8(ascii: "%") else {
                bytes.append(byte)
                continue
            }
            guard rest.count >= 2, let high = hexValue(rest.removeFirst()), let low = hexValue(rest.removeFirst())
            else { return nil }
            bytes.append(high << 4 | low)
        }
        return String(validating: bytes, as: UTF8.self)
    }

    /// A byte's value as a hex digit (ASCII only: one byte is never a fullwidth form).
    private static func hexValue(_ byte: UInt8) -> UInt8? {
        Character(Unicode.Scalar(byte)).hexDigitValue.map(UInt8.init)
    }
}
