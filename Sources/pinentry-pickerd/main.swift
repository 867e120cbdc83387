import PickerPinentry

#if canImport(Glibc)
import Glibc
#endif

// gpg-agent's `pinentry-program`: the Assuan pinentry protocol on stdin and
// stdout, each question a pickerd window (docs/pinentry.md). `--socket PATH`
// names pickerd's socket; otherwise it is found as pickerctl finds it.
let given = Array(CommandLine.arguments.dropFirst())
if given.contains("--help") || given.contains("-h") {
    print(
        "usage: pinentry-pickerd [--socket PATH] [pinentry's options]\nA pinentry for gpg-agent whose questions are pickerd windows: set pinentry-program to it in ~/.gnupg/gpg-agent.conf."
    )
    exit(0)
}
if given.contains("--version") {
    print("pinentry-pickerd \(PinentryProgram.version)")
    exit(0)
}
exit(PinentryProgram.run(PinentryProgram.arguments(given), name: "pinentry-pickerd"))
