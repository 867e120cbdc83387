import Foundation
import PickerJSON
import PickerTestSupport
import Testing

@testable import pickerctl

/// ping, badge and list read without ArgumentParser (issue 21): the quick
/// reader takes a line only as ArgumentParser would read it, and leaves every
/// other line to ArgumentParser.
@Suite struct QuickCommandLineTests {
    @Test(arguments: [
        ["ping"], ["--socket", "/run/p.sock", "ping"], ["ping", "--socket", "/run/p.sock"],
        ["--socket=/run/p.sock", "badge"],
        ["badge"], ["list"], ["list", "--json"], ["list", "--tag", "deploy", "--json"],
        ["--socket", "s", "list", "--tag=deploy"],
        ["list", "--json", "--socket=x", "--tag", "a=b"], ["--socket", "ping", "ping"],
    ])
    func readsALineAsArgumentParserDoes(_ line: [String]) throws {
        let quick = try #require(QuickCommandLine(line))
        let parsed = try Pickerctl.parseAsRoot(GlobalOptions.placingSocketAfterSubcommand(line))
        let command = try #require(parsed as? any OneShotParsableCommand)
        #expect(quick.command == command.oneShot)
        #expect(quick.socket == command.global.socket)
    }

    @Test(arguments: [
        [], ["--version"], ["--help"], ["help", "ping"], ["ping", "--help"], ["ping", "-h"], ["ping", "extra"],
        ["badge", "--json"],
        ["status"], ["--json", "list"], ["--socket"], ["--socket", "/s"], ["--socket=", "ping"],
        ["ping", "--socket", "--json"],
        ["--socket", "/a", "ping", "--socket", "/b"], ["list", "--json", "--json"], ["list", "--tag"],
        ["list", "--tag", "-x"],
        ["list", "--tag=-x"], ["list", "--tag", "a", "--tag", "b"], ["list", "--"], ["list", "--json=true"],
        ["ping", "--generate-completion-script"],
    ])
    func leavesAnyOtherLineToArgumentParser(_ line: [String]) {
        #expect(QuickCommandLine(line) == nil)
    }
}

extension PickerctlTests {
    /// The same commands through ArgumentParser (here: --socket given twice,
    /// which the quick reader leaves to it) print and exit as the quick path does.
    @Test func oneShotCommandsAnswerAlikeThroughEitherReader() throws {
        let client = try TestClient(socketPath: daemon.socketPath)
        _ = try client.result("present", ["kind": "text", "tag": "deploy"])
        _ = try client.result("present", ["kind": "text"])
        for line in [["ping"], ["badge"], ["list", "--json"], ["list", "--json", "--tag", "deploy"]] {
            let quick = try pickerctl(line)
            let parsed = try pickerctl(line + ["--socket", daemon.socketPath])
            #expect(quick.status == 0 && quick.stderr.isEmpty, "\(line): \(quick.stderr)")
            #expect(
                parsed.status == quick.status && parsed.stdout == quick.stdout && parsed.stderr == quick.stderr,
                "\(line)")
        }
        let table = try pickerctl(["list", "--tag", "deploy"]).stdout.split(separator: "\n")
        #expect(
            table.count == 2 && table[1].contains("deploy") && table[1].split(separator: " ").contains("\(getpid())"),
            "the PID column is get's")

        let missing = ["--socket", "/tmp/pickerd-test-missing/none.sock", "ping"]
        let quickFailure = try CommandLineProcess.run("pickerctl", missing)
        let parsedFailure = try CommandLineProcess.run(
            "pickerctl", missing + ["--socket", "/tmp/pickerd-test-missing/none.sock"])
        #expect(quickFailure.status == 69 && parsedFailure.status == 69)
        #expect(
            quickFailure.stderr == parsedFailure.stderr
                && quickFailure.stderr.hasPrefix("pickerctl: cannot reach pickerd"))

        let help = try pickerctl(["ping", "--help"])
        #expect(help.status == 0 && help.stdout.contains("USAGE: pickerctl ping"))
        let extra = try pickerctl(["ping", "extra"])
        #expect(extra.status == 64 && extra.stderr.hasPrefix("pickerctl: Unexpected argument 'extra'"))
    }
}
