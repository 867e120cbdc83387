import CJSONC

/// A strict parser for one line of JSON: json-c's tokener
/// (`json_tokener_parse_ex`, `JSON_TOKENER_STRICT`, `JSON_TOKENER_VALIDATE_UTF8`)
/// reads it, and the tree json-c builds becomes a `JSON`.
///
/// It accepts RFC 8259 JSON only: no comments, trailing commas, NaN or single
/// quotes; valid UTF-8; no NUL byte anywhere; nothing after the value but
/// whitespace; no value inside more than `maxDepth` arrays and objects.
/// Integers that fit in `Int64` stay exact and other numbers become doubles;
/// a number beyond a double's range is an error. An object with a duplicate
/// key keeps the last value at the first key's position (json-c replaces the
/// value in place). A lone `\uD800`-style surrogate escape reads as U+FFFD.
/// Every error is one sentence with the byte offset where json-c (or the
/// check before it, `JSONLineScreen`) found the input wrong.
///
/// What json-c's strict mode lets through (`01`, `2.`, `NaN`, raw control
/// characters in strings, overlong UTF-8, `{'a':1}`) is found by stopping
/// json-c at the places `JSONLineScreen` marks and asking its tokener where
/// it stands there; numbers json-c would saturate get an exponent on their
/// way in, and an escaped NUL, which json-c's keys (C strings) would end at,
/// goes in as a byte no valid line holds and comes out as NUL again.
///
/// A parser keeps one json-c tokener, so it is not thread-safe: give each
/// owner (a connection's core, a client, a test) its own.
public final class JSONParser {
    public static let defaultMaxDepth = 64

    public let maxDepth: Int
    /// An array or object with more elements (an object's members) than
    /// this is refused, however deep (nil: no limit). json-c reads a line
    /// with a limit in pieces, counting between two, so a line far over it
    /// is refused after a piece past the limit rather than once all of it is
    /// built: what json-c allocates (and then frees) grows with a line's
    /// values, not its bytes, and each object has a hash table of its own.
    public let maxElements: Int?
    private let tokener: UnsafeMutablePointer<json_tokener>

    public init(maxDepth: Int = JSONParser.defaultMaxDepth, maxElements: Int? = nil) {
        precondition(maxDepth >= 1, "maxDepth must be at least 1")
        precondition((maxElements ?? 0) >= 0, "maxElements must not be negative")
        self.maxDepth = maxDepth
        self.maxElements = maxElements
        // json-c counts the top-level value as a level of its own, so a
        // value inside `maxDepth` containers is on its level `maxDepth + 1`.
        tokener = json_tokener_new_ex(Int32(clamping: maxDepth + 1))
    }

    deinit {
        json_tokener_free(tokener)
    }

    public func parse(_ text: String) throws(JSONParseError) -> JSON {
        var text = text
        return try text.withUTF8 { buffer in
            Result { () throws(JSONParseError) in try parse(UnsafeRawBufferPointer(buffer)) }
        }.get()
    }

    public func parse(_ bytes: [UInt8]) throws(JSONParseError) -> JSON {
        try bytes.withUnsafeBytes { buffer in
            Result { () throws(JSONParseError) in try parse(buffer) }
        }.get()
    }

    public func parse(_ bytes: UnsafeRawBufferPointer) throws(JSONParseError) -> JSON {
        try parse(bytes, keepingNumberTextsOf: nil).value
    }

    /// Parses a line and keeps the text, as written, of each number that is
    /// the member `member` of the top-level object (at index 0) or of an
    /// object that is element `index` of the top-level array. The text comes
    /// from json-c, which keeps a double's text (`1e2`, `-0.0`, and with the
    /// exponent the parser adds, `12345678901234567890123` and `-0`); an
    /// integer json-c read itself serializes back as written, so it has none.
    public func parse(
        _ bytes: UnsafeRawBufferPointer, keepingNumberTextsOf member: String?
    ) throws(JSONParseError) -> (value: JSON, numberTexts: [Int: String]) {
        let (root, nulStandIns) = try tree(of: bytes)
        defer { json_object_put(root) }
        var converter = JSONCTree(
            line: bytes, nulStandIns: nulStandIns, exponentsAdded: exponentsAdded, textMember: member,
            maxElements: maxElements)
        let value = try converter.convertLine(root)
        return (value, converter.numberTexts)
    }

    /// Reads and checks a line as `parse` does, every mistake refused now,
    /// but converts nothing: its values become `JSON` as they are read
    /// (the daemon's requests, whose params only their method reads).
    public func document(_ bytes: UnsafeRawBufferPointer) throws(JSONParseError) -> JSONDocument {
        partialDocument = nil
        let root: OpaquePointer?
        let nulStandIns: Bool
        do {
            (root, nulStandIns) = try tree(of: bytes)
        } catch {
            // The feeder stopped at a seam: what json-c holds is the line so far.
            if error.elementLimitDepth != nil {
                let partial = pickerd_json_tokener_root(tokener)
                // Strings hold the NUL stand-in only for an escaped NUL: no valid line holds it otherwise.
                partialDocument = Self.document(
                    of: json_object_get(partial), nulStandIns: true, exponentsAdded: exponentsAdded)
            }
            throw error
        }
        do {
            try JSONCTree(
                line: bytes, nulStandIns: nulStandIns, exponentsAdded: exponentsAdded, maxElements: maxElements
            ).check(root)
        } catch {
            if error.elementLimitDepth != nil {
                partialDocument = Self.document(of: root, nulStandIns: nulStandIns, exponentsAdded: exponentsAdded)
            } else {
                json_object_put(root)
            }
            throw error
        }
        return Self.document(of: root, nulStandIns: nulStandIns, exponentsAdded: exponentsAdded)
    }

    /// After `document(_:)` refused a line for `maxElements`, its top-level
    /// value as far as json-c had read it (a member still being read when it
    /// stopped, with everything in it, is missing), so that a request's `id`
    /// can still be answered; nil after anything else.
    public private(set) var partialDocument: JSONDocument?

    private static func document(of root: OpaquePointer?, nulStandIns: Bool, exponentsAdded: Set<String>)
        -> JSONDocument
    {
        JSONDocument(
            root: root,
            converter: JSONCTree(
                line: UnsafeRawBufferPointer(start: nil, count: 0), nulStandIns: nulStandIns,
                exponentsAdded: exponentsAdded))
    }

    /// json-c's tree of the line (nil for `null`; the caller puts it) and
    /// whether its strings may hold `nulStandIn`.
    private func tree(of bytes: UnsafeRawBufferPointer) throws(JSONParseError) -> (OpaquePointer?, Bool) {
        guard bytes.count < Int(Int32.max) else { throw JSONParseError("input too large", at: 0) }
        let screen = JSONLineScreen(bytes)
        exponentsAdded.removeAll(keepingCapacity: true)
        let root = try CLocale.whileCurrent { () throws(JSONParseError) in try tree(of: bytes, screen) }
        return (root, screen.hasEscapedNUL)
    }

    /// The numbers (their text) the last line's json-c got with an `e0` of ours.
    private var exponentsAdded: Set<String> = []

    /// The byte an escaped NUL goes into json-c as: no valid line holds it.
    static let nulStandIn: UInt8 = 0xFF

    /// json-c's tree of the line (nil for `null`), read in pieces split at
    /// the screen's places.
    private func tree(of bytes: UnsafeRawBufferPointer, _ screen: JSONLineScreen) throws(JSONParseError)
        -> OpaquePointer?
    {
        json_tokener_reset(tokener)
        // json-c's own UTF-8 check would refuse the NUL stand-in; the screen checked the line.
        json_tokener_set_flags(tokener, JSON_TOKENER_STRICT | (screen.hasEscapedNUL ? 0 : JSON_TOKENER_VALIDATE_UTF8))
        var feeder = JSONTokenerFeeder(tokener: tokener, bytes: bytes, maxDepth: maxDepth, maxElements: maxElements)
        for place in screen.places where place.offset < screen.end {
            if try feeder.feed(upTo: place.offset) { return try feeder.finished(screen) }
            switch place.mark {
            case .controlCharacter:
                if pickerd_json_tokener_is_in_string(tokener) != 0 {
                    let hex = String(bytes[place.offset], radix: 16, uppercase: true)
                    throw JSONParseError(
                        "unescaped control character U+\(String(repeating: "0", count: 4 - hex.count))\(hex) in a string",
                        at: place.offset)
                }
            case .leadingZero:
                if pickerd_json_tokener_is_between_tokens(tokener) != 0 {
                    throw JSONParseError("leading zeros are not allowed in numbers", at: place.offset)
                }
            case .singleQuote:
                if pickerd_json_tokener_is_between_tokens(tokener) != 0 {
                    throw JSONParseError("unexpected character '''", at: place.offset)
                }
            case .nonFiniteWord(let length):
                if pickerd_json_tokener_is_between_tokens(tokener) != 0 {
                    if bytes[place.offset] == UInt8(ascii: "-") {
                        throw JSONParseError("expected a digit after '-'", at: place.offset + 1)
                    }
                    let word = String(
                        decoding: UnsafeRawBufferPointer(rebasing: bytes[place.offset..<place.offset + length]),
                        as: UTF8.self)
                    throw JSONParseError(
                        "unexpected word '\(word)' (JSON has only true, false and null)", at: place.offset)
                }
            case .bigInteger(let end), .negativeZero(let end):
                if pickerd_json_tokener_is_between_tokens(tokener) != 0 {
                    if try feeder.feed(upTo: end) { return try feeder.finished(screen) }
                    exponentsAdded.insert(
                        String(decoding: UnsafeRawBufferPointer(rebasing: bytes[place.offset..<end]), as: UTF8.self))
                    if try feeder.feed(synthetic: "e0".utf8, at: end) { return try feeder.finished(screen) }
                }
            case .escapedNUL:
                if pickerd_json_tokener_is_in_plain_string(tokener) != 0 {
                    if try feeder.feed(synthetic: [Self.nulStandIn], at: place.offset) {
                        return try feeder.finished(screen)
                    }
                    feeder.skip(to: place.offset + 6)
                }
            }
        }
        if try feeder.feed(upTo: screen.end) { return try feeder.finished(screen) }
        if let stop = screen.stop {
            throw feeder.stopped(at: stop.offset, because: stop.reason)
        }
        // json-c has read every byte and wants more: a lone number (`12`) ends
        // at the next byte, anything else was cut short.
        if try feeder.feed(synthetic: " ".utf8, at: bytes.count, endingInput: true) {
            return try feeder.finished(screen)
        }
        throw JSONParseError(bytes.isEmpty ? "empty input" : "unexpected end of input", at: bytes.count)
    }
}

extension JSON {
    /// Parses one JSON text with a fresh parser and the default depth limit.
    public static func parse(_ text: String, maxDepth: Int = JSONParser.defaultMaxDepth) throws(JSONParseError) -> JSON
    {
        try JSONParser(maxDepth: maxDepth).parse(text)
    }
}
