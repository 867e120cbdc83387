import PickerJSON
import PickerProtocol

/// What a plugin may look at besides the options and value: the time of the
/// request, the daemon's time zone, and the other kinds (forms are made of them).
public struct PluginContext: Sendable {
    public var now: Timestamp
    /// The IANA name of the daemon's time zone, for kinds that deal with dates.
    public var timeZone: String
    public var registry: PluginRegistry

    public init(now: Timestamp, timeZone: String, registry: PluginRegistry) {
        self.now = now
        self.timeZone = timeZone
        self.registry = registry
    }
}

/// A plugin's one-sentence reason to refuse options or a value. `field` names
/// the form field it concerns, where there is one.
public struct PluginRejection: Error, Sendable, Equatable {
    public var message: String
    public var field: String?

    public init(_ message: String, field: String? = nil) {
        self.message = message
        self.field = field
    }
}

/// A picker kind: it describes its options and value, and checks them.
public protocol PickerPlugin: DescribedKind, Sendable {
    /// The title a window of this kind gets when `present` gives none.
    var defaultTitle: String { get }

    /// Validates `options` at `present`; the result checks every value for the window.
    func prepare(options: JSONObject, context: PluginContext) throws(PluginRejection) -> any PreparedPicker
}

extension PickerPlugin {
    public var base: String? { nil }
    public var checkedBy: String? { nil }
}

/// A kind's options, validated for one window.
public protocol PreparedPicker: Sendable {
    /// The options in canonical form for front-ends: relative dates resolved,
    /// defaults filled in.
    var options: JSON { get }
    /// Where the selection starts, if the kind has such a thing.
    var initialValue: JSON? { get }
    /// Where the selection starts because the asker said so (option
    /// `initial`), nil where the kind picks a start of its own (a list's first
    /// choice, a date's today). A form's field starts here and nowhere else:
    /// a field the person never set is no answer of theirs.
    var givenInitialValue: JSON? { get }
    /// Checks a submitted value and returns its one canonical form.
    func normalize(_ value: JSON, context: PluginContext) throws(PluginRejection) -> JSON
    /// Checks an updated value, a selection still being made: as `normalize`,
    /// except that a kind made of parts (a form) may leave some out.
    func normalizeDraft(_ value: JSON, context: PluginContext) throws(PluginRejection) -> JSON
    /// The value with its secret parts left out, or nil when all of it is secret.
    func redact(_ value: JSON) -> JSON?
    /// How submitting this (normalized) value ends the window.
    func reason(forSubmitting value: JSON) -> OutcomeReason
    /// Whether the asker moves the window and the person only watches or
    /// cancels it (a `progress`): only the asker's connection may update or
    /// submit it, its updates come as a stream (their events are coalesced,
    /// `ChangeCoalescing`), and a cancel keeps the last live value.
    var isMovedByAsker: Bool { get }
    /// How updating to this (normalized) value ends the window, or nil when
    /// it stays open (a `progress` with `auto_close` ends at 100).
    func reason(forUpdating value: JSON) -> OutcomeReason?
    /// Whether some part of the value is moved by the asker alone: the whole
    /// of it (`isMovedByAsker`), or a field of a form at any depth. Such a
    /// window's given values go through `settled` before they are checked.
    var hasAskerMovedParts: Bool { get }
    /// What a value given by `update`, `submit` or a `default` becomes beside
    /// the live value `current`, where part of it is the asker's
    /// (`hasAskerMovedParts`): the asker's parts come from `current` unless
    /// the asker gives them. The default takes the value as given.
    func settled(_ given: JSON, over current: JSON?, by giver: ValueGiver) -> JSON
    /// Why a picker with these options cannot be a form's field (a sentence
    /// without the field's name), or nil when it can.
    var problemAsField: String? { get }
}

/// Who gives a value to a window its asker moves in part (a form with a
/// `progress` field), which decides what of it counts (`PreparedPicker.settled`).
public enum ValueGiver: Sendable, Equatable {
    /// The asker's `update`: the fields it gives replace theirs and the
    /// others stay as they are live, so it may send only what it moves.
    case askerUpdate
    /// The asker's `submit` or `default`: as given, and the parts it moves
    /// but leaves out as they are live.
    case askerAnswer
    /// Anyone else's `update` (a front-end's draft, a script): the
    /// person's fields as given, the asker's parts as they are live,
    /// whatever was given for them. A draft may be stale, so an optional
    /// form within it leaves out keeps the asker's live progress.
    case otherUpdate
    /// Anyone else's complete answer (`submit`, or a timeout's `default`):
    /// as `otherUpdate`, but an optional form within left out is left out.
    case otherAnswer

    /// Someone else than the asker.
    public var isOther: Bool { self == .otherUpdate || self == .otherAnswer }
}

extension PreparedPicker {
    public var givenInitialValue: JSON? { initialValue }

    public func normalizeDraft(_ value: JSON, context: PluginContext) throws(PluginRejection) -> JSON {
        try normalize(value, context: context)
    }

    public func redact(_ value: JSON) -> JSON? { value }
    public func reason(forSubmitting value: JSON) -> OutcomeReason { .submitted }
    public var isMovedByAsker: Bool { false }
    public func reason(forUpdating value: JSON) -> OutcomeReason? { nil }
    public var hasAskerMovedParts: Bool { isMovedByAsker }
    public func settled(_ given: JSON, over current: JSON?, by giver: ValueGiver) -> JSON { given }
    public var problemAsField: String? { nil }
}
