import PickerSystem

#if canImport(Glibc)
import Glibc
#endif

/// A compiled IANA time zone (RFC 8536 TZif, as in /usr/share/zoneinfo): its
/// transitions and, for instants after the last one, the POSIX TZ rule in the
/// file's footer. Read directly so pickerd need not load Foundation and ICU
/// (about 9 MiB of resident memory) for time zones alone.
struct TZifFile: Sendable {
    /// Instants (seconds since the epoch) at which the offset changes, ascending.
    let transitions: [Int64]
    /// The offset (seconds east of UTC) from each transition on.
    let offsets: [Int64]
    /// The offset before the first transition.
    let initialOffset: Int64
    let footer: PosixTimeZoneRule?

    /// Offset from UTC in seconds at an instant.
    func offset(atInstant instant: Int64) -> Int64 {
        guard let last = transitions.last else { return footer?.offset(atInstant: instant) ?? initialOffset }
        if instant >= last, let footer { return footer.offset(atInstant: instant) }
        guard instant >= transitions[0] else { return initialOffset }
        // The last transition at or before the instant.
        var low = 0
        var high = transitions.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if transitions[middle] <= instant { low = middle } else { high = middle - 1 }
        }
        return offsets[low]
    }

    /// Parses TZif bytes, preferring the 64-bit block of version 2 and later.
    init?(bytes: [UInt8]) {
        guard bytes.count >= 44, bytes[0..<4].elementsEqual("TZif".utf8) else { return nil }
        var reader = ByteReader(bytes: bytes)
        guard let first = reader.header() else { return nil }
        var header = first
        var timeSize = 4
        if bytes[4] >= UInt8(ascii: "2") {
            guard reader.skip(first.dataLength(timeSize: 4)), let second = reader.header() else { return nil }
            header = second
            timeSize = 8
        }
        var transitions: [Int64] = []
        for _ in 0..<header.timeCount {
            guard let time = reader.signed(size: timeSize) else { return nil }
            transitions.append(time)
        }
        var typeIndices: [Int] = []
        for _ in 0..<header.timeCount {
            guard let index = reader.unsigned(size: 1) else { return nil }
            typeIndices.append(Int(index))
        }
        var typeOffsets: [Int64] = []
        for _ in 0..<header.typeCount {
            guard let offset = reader.signed(size: 4), reader.skip(2) else { return nil }
            typeOffsets.append(offset)
        }
        guard !typeOffsets.isEmpty, typeIndices.allSatisfy({ $0 < typeOffsets.count }) else { return nil }
        self.transitions = transitions
        offsets = typeIndices.map { typeOffsets[$0] }
        initialOffset = typeOffsets[0]
        let rest = header.charCount + header.leapCount * 12 + header.standardIndicatorCount + header.utIndicatorCount
        if timeSize == 8, reader.skip(rest),
            let footerText = reader.footer()
        {
            footer = PosixTimeZoneRule(footerText)
        } else {
            footer = nil
        }
    }

    /// The zone file for an IANA name, from the system's zoneinfo folder.
    static func load(identifier: String) -> TZifFile? {
        // Names are paths below the folder: refuse anything that could leave it.
        guard !identifier.isEmpty, identifier.count < 64, !identifier.hasPrefix("/"),
            !identifier.split(separator: "/").contains(where: { $0 == ".." || $0 == "." }),
            identifier.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F })
        else { return nil }
        for folder in zoneFolders {
            if let bytes = readFile(folder + "/" + identifier), let file = TZifFile(bytes: bytes) { return file }
        }
        return nil
    }

    static var zoneFolders: [String] {
        if let custom = getenv("TZDIR") { return [String(decoding: custom.utf8Bytes, as: UTF8.self)] }
        return ["/usr/share/zoneinfo", "/usr/lib/zoneinfo", "/usr/share/lib/zoneinfo"]
    }

    private static func readFile(_ path: String) -> [UInt8]? {
        POSIX.contents(of: path, limit: 1 << 20)
    }
}

extension UnsafeMutablePointer<CChar> {
    fileprivate var utf8Bytes: [UInt8] {
        var bytes: [UInt8] = []
        var cursor = self
        while cursor.pointee != 0 {
            bytes.append(UInt8(bitPattern: cursor.pointee))
            cursor += 1
        }
        return bytes
    }
}

/// Big-endian reading of a TZif file.
private struct ByteReader {
    struct Header {
        var utIndicatorCount, standardIndicatorCount, leapCount, timeCount, typeCount, charCount: Int

        func dataLength(timeSize: Int) -> Int {
            timeCount * timeSize + timeCount + typeCount * 6 + charCount + leapCount * (timeSize + 4)
                + standardIndicatorCount + utIndicatorCount
        }
    }

    let bytes: [UInt8]
    var position = 0

    mutating func header() -> Header? {
        guard position + 44 <= bytes.count, bytes[position..<position + 4].elementsEqual("TZif".utf8) else {
            return nil
        }
        position += 20
        var counts: [Int] = []
        for _ in 0..<6 {
            guard let count = unsigned(size: 4) else { return nil }
            counts.append(Int(count))
        }
        return Header(
            utIndicatorCount: counts[0], standardIndicatorCount: counts[1], leapCount: counts[2], timeCount: counts[3],
            typeCount: counts[4], charCount: counts[5])
    }

    mutating func skip(_ count: Int) -> Bool {
        guard count >= 0, position + count <= bytes.count else { return false }
        position += count
        return true
    }

    mutating func unsigned(size: Int) -> UInt64? {
        guard position + size <= bytes.count else { return nil }
        var value: UInt64 = 0
        for byte in bytes[position..<position + size] { value = value << 8 | UInt64(byte) }
        position += size
        return value
    }

    mutating func signed(size: Int) -> Int64? {
        guard let value = unsigned(size: size) else { return nil }
        let shift = UInt64(64 - size * 8)
        return Int64(bitPattern: value << shift) >> Int64(shift)
    }

    /// The text between the newlines that end a version 2+ file.
    mutating func footer() -> String? {
        guard position < bytes.count, bytes[position] == 0x0A,
            let end = bytes[(position + 1)...].firstIndex(of: 0x0A)
        else { return nil }
        return String(decoding: bytes[(position + 1)..<end], as: UTF8.self)
    }
}
