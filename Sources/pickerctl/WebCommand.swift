import ArgumentParser
import PickerClient

/// `pickerctl web`: runs `pickerweb`, the web front-end, in its place. The
/// HTTP server is a program of its own so that every other pickerctl command
/// starts without loading it.
struct WebCommand: ParsableCommand, FollowsManyHosts {
    static let configuration = CommandConfiguration(
        commandName: "web",
        abstract: "Answer pickers from a browser or a phone: runs pickerweb (see pickerweb --help).")

    @OptionGroup var global: GlobalOptions

    @Argument(parsing: .allUnrecognized, help: "pickerweb's options: --listen ADDR:PORT, --allow-remote, --open.")
    var options: [String] = []

    func run() throws {
        // Several --host: pickerweb follows each; one (or none): the one daemon, as before.
        let daemons =
            global.hosts.count > 1
            ? global.addresses.flatMap { ["--host", $0 ?? DaemonAddress.localName] }
            : global.address.map { ["--socket", $0] } ?? []
        try SiblingProgram.exec("pickerweb", daemons + options)
    }
}
