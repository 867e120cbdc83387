import PickerJSON

/// `hello`'s answer: who the daemon is, the protocol it speaks, its level
/// names, its kinds, this connection's permissions and its limits.
public struct HelloReply: Sendable, Equatable {
    /// A name and its number, in the order the daemon gives them.
    public struct Named: Sendable, Equatable {
        public var name: String
        public var value: Int64

        public init(_ name: String, _ value: Int64) {
            self.name = name
            self.value = value
        }
    }

    public var server: String
    public var version: String
    public var protocolVersion: Int64
    /// Lowest first.
    public var levels: [Named]
    public var kinds: [String]
    public var permissions: [Permission]
    /// Every limit by its config key, and `max_timeout_ms`.
    public var limits: [Named]

    public init(
        server: String, version: String, protocolVersion: Int64, levels: [Named], kinds: [String],
        permissions: [Permission],
        limits: [Named]
    ) {
        self.server = server
        self.version = version
        self.protocolVersion = protocolVersion
        self.levels = levels
        self.kinds = kinds
        self.permissions = permissions
        self.limits = limits
    }

    public subscript(limit key: String) -> Int64? { limits.first { $0.name == key }?.value }

    public var json: JSON {
        .object(
            JSONObject([
                WireName.server: .string(server), WireName.version: .string(version),
                WireName.`protocol`: .integer(protocolVersion),
                WireName.levels: .object(JSONObject(levels.map { ($0.name, .integer($0.value)) })),
                WireName.kinds: .array(kinds.map(JSON.string)),
                WireName.permissions: .array(permissions.map { .string($0.rawValue) }),
                WireName.limits: .object(JSONObject(limits.map { ($0.name, .integer($0.value)) })),
            ]))
    }

    public init?(json: JSON) {
        func named(_ value: JSON?) -> [Named]? {
            guard let object = value?.objectValue else { return nil }
            var pairs: [Named] = []
            for member in object {
                guard let number = member.value.integerValue else { return nil }
                pairs.append(Named(member.key, number))
            }
            return pairs
        }
        guard let server = json[WireName.server]?.stringValue, let version = json[WireName.version]?.stringValue,
            let protocolVersion = json[WireName.`protocol`]?.integerValue, let levels = named(json[WireName.levels]),
            let kinds = json[WireName.kinds]?.arrayValue?.compactMap(\.stringValue),
            let permissions = json[WireName.permissions]?.arrayValue?.compactMap({
                $0.stringValue.flatMap(Permission.init(rawValue:))
            }),
            let limits = named(json[WireName.limits])
        else { return nil }
        self.init(
            server: server, version: version, protocolVersion: protocolVersion, levels: levels, kinds: kinds,
            permissions: permissions, limits: limits)
    }
}
