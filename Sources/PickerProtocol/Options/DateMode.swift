/// What a date picker picks (`DateOption.mode`'s values): the plugin checks
/// and reads specs by it, the terminal's wheels are drawn by it.
public enum DateMode: String, Sendable, CaseIterable {
    case date
    case time
    case datetime
}
