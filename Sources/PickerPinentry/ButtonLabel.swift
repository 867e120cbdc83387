/// A button's label as gpg-agent sets it (SETOK `_Yes`), without GTK's and
/// Qt's mnemonic marks: `_` before the access key goes, `__` is one `_`.
enum ButtonLabel {
    static func shown(_ label: String) -> String {
        var result = ""
        var pendingUnderscore = false
        for character in label {
            if character == "_" {
                if pendingUnderscore { result.append("_") }
                pendingUnderscore.toggle()
                continue
            }
            pendingUnderscore = false
            result.append(character)
        }
        return result
    }
}
