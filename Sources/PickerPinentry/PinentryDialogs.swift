/// How pinentry's commands become windows: their titles, messages and buttons.
struct PinentryDialogs {
    let texts: PinentryTexts
    let options: PinentryOptions
    let requester: Requester

    init(texts: PinentryTexts, options: PinentryOptions, requester: Requester) {
        self.texts = texts.printable
        var options = options
        options.defaultOK = options.defaultOK.map(PinentryTexts.printable)
        options.defaultCancel = options.defaultCancel.map(PinentryTexts.printable)
        options.defaultPrompt = options.defaultPrompt.map(PinentryTexts.printable)
        self.options = options
        self.requester = requester
    }

    /// GETPIN's window. `note` is shown first: the previous attempt's error
    /// (SETERROR), or that the two values did not match.
    func secret(note: String?, repeating: Bool) -> PinentryQuestion {
        var lines: [String] = []
        if let note, !note.isEmpty { lines.append(note) }
        if repeating { lines.append("Type it again, to be sure it is what you meant.") }
        if let description { lines.append(description) }
        lines.append(requester.sentence)
        let prompt = repeating ? texts.repeatPrompt : (texts.prompt ?? options.defaultPrompt)
        return PinentryQuestion(
            kind: .secret(placeholder: prompt.flatMap { $0.isEmpty ? nil : $0 }),
            title: secretTitle(repeating: repeating),
            message: lines.joined(separator: "\n"), timeoutSeconds: options.timeoutSeconds, askedBy: requester)
    }

    /// SETDESC without the newlines gpg-agent ends it with.
    private var description: String? {
        guard var text = texts.description?[...] else { return nil }
        while let last = text.last, last.isNewline || last == " " { text = text.dropLast() }
        return text.isEmpty ? nil : String(text)
    }

    /// SETTITLE, else the prompt without its colon ("Passphrase"), else "PIN"
    /// as pinentry prompts by default; the repeat's title is SETREPEAT's prompt.
    private func secretTitle(repeating: Bool) -> String {
        if repeating, let repeatPrompt = texts.repeatPrompt.map(Self.withoutColon), !repeatPrompt.isEmpty {
            return repeatPrompt
        }
        if let title = texts.title, !title.isEmpty { return title }
        if let prompt = (texts.prompt ?? options.defaultPrompt).map(Self.withoutColon), !prompt.isEmpty {
            return prompt
        }
        return "PIN"
    }

    /// CONFIRM's action sheet: OK (the default), NotOK when set, Cancel; or,
    /// for `--one-button` and MESSAGE, a notice with OK alone.
    func confirmation(oneButton: Bool) -> (question: PinentryQuestion, notOKIndex: Int?) {
        var labels = [label(texts.ok, options.defaultOK, "OK")]
        var notOKIndex: Int?
        var cancelIndex: Int?
        if !oneButton {
            if let notOK = texts.notOK, !notOK.isEmpty {
                notOKIndex = labels.count
                labels.append(unique(ButtonLabel.shown(notOK), among: labels))
            }
            cancelIndex = labels.count
            labels.append(unique(label(texts.cancel, options.defaultCancel, "Cancel"), among: labels))
        }
        var lines: [String] = []
        if let error = texts.error, !error.isEmpty { lines.append(error) }
        if let description { lines.append(description) }
        lines.append(requester.sentence)
        let title = texts.title.flatMap { $0.isEmpty ? nil : $0 } ?? (oneButton ? "Message" : "Confirm")
        let question = PinentryQuestion(
            kind: .buttons(labels, cancelIndex: cancelIndex), title: title, message: lines.joined(separator: "\n"),
            timeoutSeconds: options.timeoutSeconds, askedBy: requester)
        return (question, notOKIndex)
    }

    private func label(_ set: String?, _ fallback: String?, _ standard: String) -> String {
        let shown = ButtonLabel.shown(set ?? fallback ?? standard)
        return shown.isEmpty ? standard : shown
    }

    /// An action sheet's labels must differ: a repeated one gets its place added.
    private func unique(_ label: String, among labels: [String]) -> String {
        labels.contains(label) ? "\(label) (\(labels.count + 1))" : label
    }

    static func withoutColon(_ prompt: String) -> String {
        var text = Substring(prompt)
        while let last = text.last, last == ":" || last == " " { text = text.dropLast() }
        return String(text)
    }
}
