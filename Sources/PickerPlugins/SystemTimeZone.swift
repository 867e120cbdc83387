import PickerSystem

#if canImport(Glibc)
import Glibc
#endif

/// The name of the time zone the system runs in, found the way glibc finds it.
public enum SystemTimeZone {
    /// $TZ when it names a zone (`Europe/Berlin`, `:Europe/Berlin`, or a path
    /// into a zoneinfo folder), else the zone /etc/localtime links to, else
    /// the name in /etc/timezone, else UTC.
    public static func identifier(environment tz: String? = environmentTZ()) -> String {
        if var name = tz, !name.isEmpty {
            if name.hasPrefix(":") { name.removeFirst() }
            if let zone = zoneName(inPath: name) { return zone }
            if ZoneRules(identifier: name) != nil { return name }
        }
        if let target = linkTarget("/etc/localtime"), let zone = zoneName(inPath: target),
            ZoneRules(identifier: zone) != nil
        {
            return zone
        }
        if let text = POSIX.text(of: "/etc/timezone", limit: 4096), let line = text.split(separator: "\n").first {
            let name = String(line)
            if ZoneRules(identifier: name) != nil { return name }
        }
        return "UTC"
    }

    /// Whether the zoneinfo database has a zone of this name.
    public static func isKnown(_ identifier: String) -> Bool {
        ZoneRules(identifier: identifier) != nil
    }

    public static func environmentTZ() -> String? {
        guard let value = getenv("TZ") else { return nil }
        return String(decoding: UnsafeRawBufferPointer(start: value, count: strlen(value)), as: UTF8.self)
    }

    /// `Europe/Berlin` from `/usr/share/zoneinfo/Europe/Berlin` or `../usr/share/zoneinfo/Europe/Berlin`.
    static func zoneName(inPath path: String) -> String? {
        guard path.contains("/") else { return nil }
        let parts = path.split(separator: "/")
        guard let folder = parts.lastIndex(of: "zoneinfo"), folder + 1 < parts.count else { return nil }
        var rest = Array(parts[(folder + 1)...])
        if rest.first == "posix" || rest.first == "right" { rest.removeFirst() }
        return rest.isEmpty ? nil : rest.joined(separator: "/")
    }

    private static func linkTarget(_ path: String) -> String? {
        var buffer = [CChar](repeating: 0, count: 4096)
        let count = readlink(path, &buffer, buffer.count - 1)
        guard count > 0 else { return nil }
        return String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
