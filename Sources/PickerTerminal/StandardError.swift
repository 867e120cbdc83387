import PickerSystem

/// A command-line program's sentences on stderr, one a line, each begun by
/// the program's name. A sentence may carry what a caller sent (an argument,
/// a socket path, pickerd's refusal of a title), so every character a
/// terminal would act on is made visible (`VisibleText`).
public enum StandardError {
    public static func say(_ sentence: String, as name: String) {
        POSIX.writeAll(Array("\(name): \(VisibleText.of(sentence))\n".utf8), to: 2)
    }
}
