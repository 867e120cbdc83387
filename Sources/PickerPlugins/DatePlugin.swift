import PickerCore
import PickerJSON
import PickerProtocol

/// `date`: a date, a time of day, or both, bounded by `min`/`max`.
public struct DatePlugin: BuiltInPlugin {
    public let builtIn = BuiltInKind.date

    static let allowedIntervals = [1, 2, 3, 4, 5, 6, 10, 12, 15, 20, 30]

    public var optionsSchema: JSON {
        let spec: JSON = [
            "type": "string",
            "description": "ISO 8601 in the mode's form, today, now, or relative: +7d, -2w, +1m, +1y, +3h, -30min",
        ]
        return [
            "type": "object", "additionalProperties": false,
            "properties": .object(
                JSONObject([
                    DateOption.mode: ["enum": ["date", "time", "datetime"], "default": "date"],
                    DateOption.min: spec, DateOption.max: spec, DateOption.initial: spec,
                    DateOption.minuteInterval: [
                        "enum": .array(Self.allowedIntervals.map { .integer(Int64($0)) }), "default": 1,
                    ],
                    DateOption.timeZone: [
                        "type": "string", "description": "IANA time zone name; default the daemon's",
                    ],
                    DateOption.locale: [
                        "type": "string", "description": "display hint for front-ends, e.g. zh or en_US",
                    ],
                ])),
        ]
    }

    public var valueSchema: JSON {
        [
            "type": "string",
            "description": "date: YYYY-MM-DD; time: HH:MM; datetime: RFC 3339 with offset, 2026-11-21T14:30:00+08:00",
        ]
    }

    public func prepare(options: JSONObject, context: PluginContext) throws(PluginRejection) -> any PreparedPicker {
        let reader = try OptionReader(
            options, kind: kind, known: DateOption.names)
        let modeName = try reader.string(DateOption.mode) ?? "date"
        guard let mode = DateMode(rawValue: modeName) else {
            throw PluginRejection(
                "option '\(DateOption.mode)' must be date, time or datetime, not '\(modeName.prefix(20))'")
        }
        let zoneName = try reader.string(DateOption.timeZone) ?? context.timeZone
        guard
            let zone = ZoneRules(identifier: zoneName)
                ?? (reader[DateOption.timeZone] == nil ? ZoneRules(identifier: "UTC") : nil)
        else {
            throw PluginRejection(
                "unknown time zone '\(zoneName.prefix(40))' in option '\(DateOption.timeZone)'; use an IANA name such as Europe/Berlin"
            )
        }
        var interval = 1
        if reader[DateOption.minuteInterval] != nil {
            guard mode != .date else {
                throw PluginRejection(
                    "option '\(DateOption.minuteInterval)' applies to the time and datetime modes only")
            }
            guard let value = reader[DateOption.minuteInterval]?.integerValue,
                Self.allowedIntervals.contains(Int(value))
            else {
                throw PluginRejection(
                    "option '\(DateOption.minuteInterval)' must divide 60 and be at most 30: one of \(Self.allowedIntervals.map(String.init).joined(separator: ", "))"
                )
            }
            interval = Int(value)
        }
        let specs = DateSpecReader(mode: mode, zone: zone, now: context.now)
        func bound(_ key: DateOption) throws(PluginRejection) -> DatePoint? {
            guard let text = try reader.string(key) else { return nil }
            do {
                return try specs.read(text)
            } catch {
                throw PluginRejection("option '\(key)': \(error.message)")
            }
        }
        let min = try bound(.min)
        let max = try bound(.max)
        if let min, let max, specs.orderingKey(max) < specs.orderingKey(min) {
            throw PluginRejection(
                "option '\(DateOption.max)' (\(specs.format(max))) must not be before option '\(DateOption.min)' (\(specs.format(min)))"
            )
        }
        var picker = PreparedDate(
            specs: specs, min: min, max: max, interval: interval, locale: try reader.string(DateOption.locale),
            initial: nil)
        if let initial = try reader.string(DateOption.initial) {
            do {
                picker.initial = try picker.check(try specs.read(initial))
                picker.initialIsGiven = true
            } catch {
                throw PluginRejection("option '\(DateOption.initial)': \(error.message)")
            }
        } else {
            picker.initial = picker.startingPoint(from: try specs.read(mode == .date ? "today" : "now"))
        }
        return picker
    }
}

/// A date picker's options for one window.
struct PreparedDate: PreparedPicker {
    let specs: DateSpecReader
    let min: DatePoint?
    let max: DatePoint?
    let interval: Int
    let locale: String?
    var initial: DatePoint?

    var options: JSON {
        var object = JSONObject()
        object[DateOption.mode] = .string(specs.mode.rawValue)
        if let min { object[DateOption.min] = .string(specs.format(min)) }
        if let max { object[DateOption.max] = .string(specs.format(max)) }
        if let initial { object[DateOption.initial] = .string(specs.format(initial)) }
        if specs.mode != .date { object[DateOption.minuteInterval] = .integer(Int64(interval)) }
        object[DateOption.timeZone] = .string(specs.zone.identifier)
        if let locale { object[DateOption.locale] = .string(locale) }
        return .object(object)
    }

    var initialValue: JSON? {
        initial.map { .string(specs.format($0)) }
    }

    /// Whether `initial` was the asker's (else it is today or now).
    var initialIsGiven = false
    var givenInitialValue: JSON? { initialIsGiven ? initialValue : nil }

    func normalize(_ value: JSON, context: PluginContext) throws(PluginRejection) -> JSON {
        guard let text = value.stringValue else {
            throw PluginRejection("a \(specs.mode.rawValue) value must be a string, not \(value.typeDescription)")
        }
        // Read `today`, `now` and relative values at the time of this request.
        let reader = DateSpecReader(mode: specs.mode, zone: specs.zone, now: context.now)
        return .string(specs.format(try check(try reader.read(text))))
    }

    /// The point itself when it is within [min, max] and on the minute interval.
    func check(_ point: DatePoint) throws(PluginRejection) -> DatePoint {
        let key = specs.orderingKey(point)
        if let min, key < specs.orderingKey(min) {
            throw PluginRejection("\(specs.format(point)) is before the earliest allowed, \(specs.format(min))")
        }
        if let max, key > specs.orderingKey(max) {
            throw PluginRejection("\(specs.format(point)) is after the latest allowed, \(specs.format(max))")
        }
        if specs.mode != .date, point.minuteOfHour % Int64(interval) != 0 {
            let earlier = point.local - (point.minuteOfHour % Int64(interval)) * 60
            let choices = [earlier, earlier + Int64(interval) * 60].map(DateSpecReader.clockText(local:))
            throw PluginRejection(
                "\(specs.format(point)) is not on the \(interval)-minute interval; choose \(choices[0]) or \(choices[1])"
            )
        }
        return point
    }

    /// Where the wheels start without an `initial`: now or today, inside the
    /// bounds, on the interval.
    func startingPoint(from now: DatePoint) -> DatePoint {
        var point = now
        if let min, specs.orderingKey(point) < specs.orderingKey(min) { point = min }
        if let max, specs.orderingKey(point) > specs.orderingKey(max) { point = max }
        let step = Int64(interval) * 60
        let remainder = (point.minuteOfHour % Int64(interval)) * 60
        guard remainder != 0 else { return point }
        let later = DatePoint(local: point.local - remainder + step, instant: point.instant - remainder + step)
        if let max, specs.orderingKey(later) > specs.orderingKey(max) {
            return DatePoint(local: point.local - remainder, instant: point.instant - remainder)
        }
        return later
    }
}
