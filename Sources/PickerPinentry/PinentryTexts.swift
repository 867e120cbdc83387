/// What gpg-agent sets before it asks (SETDESC, SETPROMPT, …), decoded.
/// RESET clears it; GETPIN and CONFIRM clear `error` (and GETPIN `repeat`)
/// once they have shown it, as pinentry does.
public struct PinentryTexts: Sendable, Equatable {
    public var title: String?
    public var description: String?
    public var prompt: String?
    /// The previous attempt's error ("Bad Passphrase (try 2 of 3)"), shown above the field.
    public var error: String?
    public var ok: String?
    public var cancel: String?
    public var notOK: String?
    /// SETREPEAT: ask the value twice, with this prompt the second time.
    public var repeatPrompt: String?
    /// SETREPEATERROR: what a mismatch says (gpg-agent's "does not match - try again").
    public var repeatError: String?
    /// SETREPEATOK: accepted, as pinentry-tty accepts it, and not shown.
    public var repeatOK: String?
    /// SETKEYINFO: which key (a keygrip, `n/…`, `s/…`); accepted, not shown.
    public var keyInfo: String?
    /// SETQUALITYBAR: accepted; pickerd's windows have no quality bar.
    public var qualityBar: String?

    public init() {}

    /// The texts as a window may show them: without control characters
    /// (terminal escapes, BEL, C1 controls), but for line feeds and tabs.
    var printable: PinentryTexts {
        var texts = self
        for path in [
            \PinentryTexts.title, \.description, \.prompt, \.error, \.ok, \.cancel, \.notOK, \.repeatPrompt,
            \.repeatError,
        ] {
            texts[keyPath: path] = texts[keyPath: path].map(Self.printable)
        }
        return texts
    }

    static func printable(_ text: String) -> String {
        String(
            String.UnicodeScalarView(
                text.unicodeScalars.filter { $0 == "\n" || $0 == "\t" || $0.properties.generalCategory != .control }))
    }
}

/// What gpg-agent says once about itself and where it runs (OPTION, and
/// SETTIMEOUT): kept across RESET, as pinentry keeps them.
public struct PinentryOptions: Sendable, Equatable {
    public var ttyName: String?
    public var ttyType: String?
    public var display: String?
    /// `OPTION owner=PID/UID HOST`: the process that asked gpg-agent.
    public var owner: String?
    public var defaultOK: String?
    public var defaultCancel: String?
    public var defaultPrompt: String?
    /// SETTIMEOUT, in seconds; 0 for none.
    public var timeoutSeconds = 0

    public init() {}

    /// The options pinentry knows (its option_handler); any other is
    /// refused with `Unknown option`, which gpg-agent ignores.
    static let known: Set<String> = [
        "no-grab", "grab", "debug-wait", "display", "ttyname", "ttytype", "ttyalert", "lc-ctype", "lc-messages",
        "owner",
        "parent-wid", "touch-file", "default-ok", "default-cancel", "default-prompt", "default-pwmngr",
        "default-cf-visi",
        "default-tt-visi", "default-tt-hide", "default-capshint", "allow-external-password-cache", "allow-emacs-prompt",
        "invisible-char", "formatted-passphrase", "formatted-passphrase-hint", "constraints-enforce",
        "constraints-hint-short", "constraints-hint-long", "constraints-error-title",
    ]

    /// Keeps what the windows use; the others are accepted and have no effect.
    mutating func set(_ key: String, _ value: String) throws(AssuanError) {
        guard Self.known.contains(key) else { throw .unknownOption }
        switch key {
        case "ttyname": ttyName = value
        case "ttytype": ttyType = value
        case "display": display = value
        case "owner": owner = value
        case "default-ok": defaultOK = AssuanText.decoded(value.utf8)
        case "default-cancel": defaultCancel = AssuanText.decoded(value.utf8)
        case "default-prompt": defaultPrompt = AssuanText.decoded(value.utf8)
        default: break
        }
    }
}
