import CJSONC

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A line json-c has read and `JSONParser.document(_:)` has checked, whose
/// values become `JSON` only as they are read: the daemon reads a request's
/// envelope (`jsonrpc`, `id`, `method`) member by member and converts each
/// param when its method reads it, never the whole line first.
///
/// Everything that makes a line wrong was found when it was read (json-c's
/// parse and the number checks after it), so reading a value here cannot
/// fail. It owns json-c's tree, whose reference counts are not atomic: keep
/// it with the parser's owner, on one thread.
public final class JSONDocument {
    private let root: OpaquePointer?
    /// Converts json-c's values; its `line` is gone by now, and only a
    /// refused number's place needed it.
    private let converter: JSONCTree

    init(root: OpaquePointer?, converter: JSONCTree) {
        self.root = root
        self.converter = converter
    }

    deinit {
        json_object_put(root)
    }

    /// The line's top-level value.
    public var value: JSONValueView { JSONValueView(document: self, object: root) }

    fileprivate func convert(_ object: OpaquePointer?) -> JSON {
        do {
            return try converter.convert(object)
        } catch {
            // `JSONParser.document` ran the same checks over every value.
            assertionFailure("a checked line failed to convert: \(error)")
            return .null
        }
    }

    fileprivate func string(_ object: OpaquePointer) -> String {
        converter.string(
            UnsafeRawBufferPointer(
                start: json_object_get_string(object), count: Int(json_object_get_string_len(object))))
    }

    fileprivate func key(_ key: UnsafeRawPointer) -> String {
        let key = key.assumingMemoryBound(to: CChar.self)
        return converter.string(UnsafeRawBufferPointer(start: key, count: strlen(key)))
    }

    fileprivate func doubleText(_ object: OpaquePointer) -> String? {
        converter.doubleText(object)
    }
}

/// One value of a `JSONDocument`, not converted yet.
public struct JSONValueView {
    let document: JSONDocument
    /// nil for `null`, as json-c has it.
    let object: OpaquePointer?

    /// The value as a `JSON`, converted now (with everything inside it).
    public var json: JSON { document.convert(object) }

    public var isNull: Bool { object == nil }

    /// The object's members, still json-c's; nil when it is not an object.
    public var objectView: JSONObjectView? {
        guard let object, json_object_get_type(object) == json_type_object else { return nil }
        return JSONObjectView(document: document, object: object)
    }

    /// The array's elements; nil when it is not an array.
    public var elements: [JSONValueView]? {
        guard let object, json_object_get_type(object) == json_type_array else { return nil }
        return (0..<json_object_array_length(object)).map {
            JSONValueView(document: document, object: json_object_array_get_idx(object, $0))
        }
    }

    /// The string, without converting anything else; nil when it is not a string.
    public var stringValue: String? {
        guard let object, json_object_get_type(object) == json_type_string else { return nil }
        return document.string(object)
    }

    /// The text a number read as a double was written with (`1e2`, `-0`,
    /// `12345678901234567890123`); nil for anything else. An integer json-c
    /// read itself serializes back as written.
    public var numberText: String? {
        guard let object, json_object_get_type(object) == json_type_double else { return nil }
        return document.doubleText(object)
    }
}

/// The members of one object of a `JSONDocument`, each converted as it is read.
public struct JSONObjectView {
    let document: JSONDocument
    let object: OpaquePointer

    /// A repeated key has its last value, as in `JSONObject` (json-c replaced
    /// the first entry's value). No name read here holds a NUL (none of the
    /// protocol's does): such a name reads as absent, and a key the line
    /// wrote with an escaped NUL, which json-c holds with a stand-in byte,
    /// matches no name.
    public subscript(key: String) -> JSONValueView? {
        guard let table = json_object_get_object(object) else { return nil }
        var key = key
        return key.withUTF8 { name -> JSONValueView? in
            guard !name.contains(0) else { return nil }
            // A request's objects hold a handful of members: comparing their
            // keys costs less than json-c's hash of the name. Past that, the hash.
            guard table.pointee.count <= Self.scannedCount else {
                var value: OpaquePointer?
                guard json_object_object_get_ex(object, String(decoding: name, as: UTF8.self), &value) != 0 else {
                    return nil
                }
                return JSONValueView(document: document, object: value)
            }
            var entry = table.pointee.head
            while let current = entry {
                let candidate = current.pointee.k.assumingMemoryBound(to: CChar.self)
                // strncmp stops at the candidate's end; `name` holds no NUL.
                if name.isEmpty
                    || strncmp(
                        candidate, UnsafeRawPointer(name.baseAddress!).assumingMemoryBound(to: CChar.self), name.count)
                        == 0,
                    candidate[name.count] == 0
                {
                    return JSONValueView(document: document, object: OpaquePointer(current.pointee.v))
                }
                entry = current.pointee.next
            }
            return nil
        }
    }

    /// Objects with more members than this are looked up through json-c's hash table.
    static let scannedCount = 16

    /// Whether every key is one of `known`; else the first that is not, in the line's order.
    public func firstKey(notIn known: [String]) -> String? {
        var entry = json_object_get_object(object)?.pointee.head
        while let current = entry {
            let key = document.key(current.pointee.k)
            if !known.contains(key) { return key }
            entry = current.pointee.next
        }
        return nil
    }

    /// The keys in the line's order.
    public var keys: [String] {
        var keys: [String] = []
        var entry = json_object_get_object(object)?.pointee.head
        while let current = entry {
            keys.append(document.key(current.pointee.k))
            entry = current.pointee.next
        }
        return keys
    }

    /// The whole object, converted now.
    public var members: JSONObject {
        JSONValueView(document: document, object: object).json.objectValue ?? JSONObject()
    }
}
