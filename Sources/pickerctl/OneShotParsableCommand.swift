import ArgumentParser

/// ping, badge and list as ArgumentParser reads them (`--help`, and every line
/// that `QuickCommandLine` leaves to it): what it read is a `OneShotCommand`,
/// run as the quick reader runs it.
protocol OneShotParsableCommand: ParsableCommand {
    var global: GlobalOptions { get }
    var oneShot: OneShotCommand { get }
}

extension OneShotParsableCommand {
    func run() throws {
        try exitUnlessSuccess(oneShot.run(socket: global.address))
    }
}
