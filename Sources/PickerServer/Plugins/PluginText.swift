/// Text a plugin program wrote that pickerd passes on (its error sentences to
/// their caller, its stderr to the log), made safe to show: control
/// characters (C0, DEL, C1) and bidirectional overrides are dropped, tabs and
/// line breaks become spaces, invalid UTF-8 becomes U+FFFD, and the result is
/// cut to `maxCharacters` (the last one an ellipsis).
enum PluginText {
    static func cleaned(_ bytes: some Collection<UInt8>, maxCharacters: Int) -> String {
        cleaned(String(decoding: bytes, as: UTF8.self), maxCharacters: maxCharacters)
    }

    static func cleaned(_ text: String, maxCharacters: Int) -> String {
        var scalars = String.UnicodeScalarView()
        var count = 0
        for scalar in text.unicodeScalars {
            let kept: Unicode.Scalar
            switch scalar.value {
            case 0x09, 0x0A, 0x0D: kept = " "
            case 0x00..<0x20, 0x7F...0x9F, 0x202A...0x202E, 0x2066...0x2069: continue
            default: kept = scalar
            }
            guard count < maxCharacters else {
                scalars.removeLast()
                scalars.append("…")
                break
            }
            scalars.append(kept)
            count += 1
        }
        return String(scalars).trimmingSpaces()
    }
}

extension String {
    fileprivate func trimmingSpaces() -> String {
        var view = Substring(self)
        while view.first == " " { view.removeFirst() }
        while view.last == " " { view.removeLast() }
        return String(view)
    }
}
