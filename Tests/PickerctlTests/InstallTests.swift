import Foundation
import PickerTestSupport
import Testing

/// Scripts/install into a temporary DESTDIR, from the build folder these tests
/// run from (nothing is rebuilt), and the installed programs run from there.
/// Man pages are checked when that folder has generate-manual (`swift build
/// --product generate-manual`, as .ci/run does); the .deb is Scripts/package-deb's.
@Suite(.tags(.process), .timeLimit(.minutes(2))) struct InstallTests {
    let destdir: TestDirectory
    let root: URL

    init() throws {
        destdir = try TestDirectory()
        root = destdir.url
    }

    static let buildDirectory = DaemonProcess.buildDirectory.path
    static let hasGenerateManual = FileManager.default.isExecutableFile(atPath: buildDirectory + "/generate-manual")

    func install(_ arguments: [String]) throws -> CommandLineProcess.Result {
        let script = SharedFolder.packageRoot.appendingPathComponent("Scripts/install").path
        let man = Self.hasGenerateManual ? [] : ["--no-man"]
        return try ProgramRun.run(
            script, ["--from-build-dir", Self.buildDirectory, "--destdir", root.path] + man + arguments,
            environment: ["PREFIX": "", "DESTDIR": ""])
    }

    func text(_ path: String) throws -> String {
        try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
    }

    func exists(_ path: String) -> Bool {
        FileManager.default.fileExists(atPath: root.appendingPathComponent(path).path)
    }

    /// The version the sources declare, as `--version` prints it.
    static var sourceVersion: String {
        get throws {
            let source = try String(
                contentsOf: SharedFolder.packageRoot.appendingPathComponent(
                    "Sources/PickerProtocol/PickerdVersion.swift"),
                encoding: .utf8)
            let quoted = source.split(separator: "current = ", maxSplits: 1)[1].split(separator: "\"")
            return String(quoted[0])
        }
    }

    @Test func installsUnderTheDefaultPrefixAndTheInstalledProgramsRun() throws {
        let installed = try install([])
        #expect(installed.status == 0, "\(installed.stderr)")
        #expect(installed.stderr.isEmpty)
        #expect(installed.stdout.contains("  /usr/local/bin/pickerd\n"), "progress names each file as it will be")

        // Only the user-facing programs: no pickerbench, pickerfuzz, pickerfloor.
        let programs = try FileManager.default.contentsOfDirectory(
            atPath: root.appendingPathComponent("usr/local/bin").path)
        #expect(
            programs.sorted() == [
                "pickerctl", "pickerd", "pickerd-askpass", "pickerd-polkit-agent", "pickerd-zenity", "pickermcp",
                "pickerweb", "pinentry-pickerd",
            ])
        let version = try ProgramRun.run(root.appendingPathComponent("usr/local/bin/pickerd").path, ["--version"])
        #expect(version.status == 0)
        #expect(version.stdout == "\(try Self.sourceVersion)\n")
        let help = try ProgramRun.run(root.appendingPathComponent("usr/local/bin/pickerctl").path, ["--help"])
        #expect(help.status == 0)
        #expect(help.stdout.contains("USAGE: pickerctl"))

        // The units start the installed binary; the system one reads the installed config.
        let system = try text("usr/local/lib/systemd/system/pickerd.service")
        #expect(
            system.split(separator: "\n").filter { $0.hasPrefix("ExecStart=") }
                == ["ExecStart=/usr/local/bin/pickerd --config /usr/local/etc/pickerd/pickerd.json"])
        let user = try text("usr/local/lib/systemd/user/pickerd.service")
        #expect(
            user.split(separator: "\n").filter { $0.hasPrefix("ExecStart=") } == ["ExecStart=/usr/local/bin/pickerd"])
        #expect(
            exists("usr/local/lib/systemd/system/pickerd.socket") && exists("usr/local/lib/systemd/user/pickerd.socket")
        )
        let agent = try text("usr/local/lib/systemd/system/pickerd-ask-password.service")
        #expect(
            agent.split(separator: "\n").filter { $0.hasPrefix("ExecStart=") }
                == ["ExecStart=/usr/local/bin/pickerctl --socket /run/pickerd/pickerd.sock ask-password-agent --watch"])
        #expect(
            exists("usr/local/lib/systemd/system/pickerd-ask-password.path")
                && exists("usr/local/lib/systemd/user/pickerd-ask-password.path"))
        let notify = try text("usr/local/lib/systemd/user/pickerd-notify.service")
        #expect(
            notify.split(separator: "\n").filter { $0.hasPrefix("ExecStart=") } == [
                "ExecStart=/usr/local/bin/pickerctl notify"
            ])
        let web = try text("usr/local/lib/systemd/user/pickerweb.service")
        #expect(
            web.split(separator: "\n").filter { $0.hasPrefix("ExecStart=") } == ["ExecStart=/usr/local/bin/pickerweb"])

        let defaults = try String(
            contentsOf: SharedFolder.packageRoot.appendingPathComponent("config/pickerd.json"), encoding: .utf8)
        #expect(try text("usr/local/etc/pickerd/pickerd.json") == defaults)
        #expect(try text("usr/local/share/pickerd/pickerd.json") == defaults)
        #expect(exists("usr/local/etc/pickerd/plugins.d"))
        #expect(exists("usr/local/share/pickerd/plugins.d/flavor.json"))
        #expect(
            FileManager.default.isExecutableFile(
                atPath: root.appendingPathComponent("usr/local/share/pickerd/plugins.d/examples/ticket-check").path))

        #expect(try text("usr/local/share/bash-completion/completions/pickerctl").contains("_pickerctl"))
        #expect(try text("usr/local/share/zsh/site-functions/_pickerctl").hasPrefix("#compdef pickerctl"))
        #expect(
            try text("usr/local/share/fish/vendor_completions.d/pickerctl.fish").contains("complete -c 'pickerctl'"))
        #expect(exists("usr/local/share/bash-completion/completions/pickerd"))

        if Self.hasGenerateManual {
            let pickerd = try text("usr/local/share/man/man1/pickerd.1")
            #expect(pickerd.contains(".Dt PICKERD 1") && pickerd.contains(".It Fl -check-config"))
            #expect(!pickerd.contains("subcommand") && !pickerd.contains(".It Em help"), "pickerd has no subcommands")
            let pickerctl = try text("usr/local/share/man/man1/pickerctl.1")
            #expect(pickerctl.contains(".It Em date") && pickerctl.contains(".It Em help"))
        }
    }

    @Test func prefixUsrPutsTheConfigInEtcAndKeepsAnEditedOne() throws {
        #expect(try install(["--prefix", "/usr"]).status == 0)
        let system = try text("usr/lib/systemd/system/pickerd.service")
        #expect(system.contains("\nExecStart=/usr/bin/pickerd --config /etc/pickerd/pickerd.json\n"))
        #expect(exists("etc/pickerd/pickerd.json") && !exists("usr/etc"))

        let edited = root.appendingPathComponent("etc/pickerd/pickerd.json")
        try Data("{\"log\": {\"level\": \"debug\"}}\n".utf8).write(to: edited)
        let again = try install(["--prefix", "/usr"])
        #expect(again.status == 0)
        #expect(again.stdout.contains("/etc/pickerd/pickerd.json kept"))
        #expect(try text("etc/pickerd/pickerd.json") == "{\"log\": {\"level\": \"debug\"}}\n")
    }

    /// A release build has no generate-manual (`swift build` makes only this
    /// package's products): a folder that is not this checkout's build is not
    /// built into, and the one line says how, for that configuration.
    @Test func aReleaseFolderWithoutGenerateManualSaysHowToBuildIt() throws {
        let builds = try TestDirectory()
        let release = builds.url.appendingPathComponent("release")
        try FileManager.default.createDirectory(at: release, withIntermediateDirectories: true)
        for program in [
            "pickerd", "pickerctl", "pickerweb", "pickermcp", "pickerd-askpass", "pinentry-pickerd",
            "pickerd-polkit-agent", "pickerd-zenity",
        ] {
            try FileManager.default.createSymbolicLink(
                atPath: release.appendingPathComponent(program).path,
                withDestinationPath: Self.buildDirectory + "/" + program)
        }
        let script = SharedFolder.packageRoot.appendingPathComponent("Scripts/install").path
        let stopped = try ProgramRun.run(
            script, ["--from-build-dir", release.path, "--destdir", root.path],
            environment: ["PREFIX": "", "DESTDIR": ""])
        #expect(stopped.status == 1)
        #expect(
            stopped.stderr
                == "install: no generate-manual in \(release.path) to write the man pages: build it with 'swift build -c release --product generate-manual', or pass --no-man\n"
        )
        #expect(!exists("usr"), "nothing written")
    }

    @Test func aBadArgumentIsOneSentence() throws {
        let relative = try install(["--prefix", "usr/local"])
        #expect(relative.status == 1)
        #expect(relative.stderr == "install: the prefix must be an absolute path, not 'usr/local'\n")
        let unknown = try install(["--frobnicate"])
        #expect(unknown.status == 1)
        #expect(unknown.stderr.hasPrefix("install: unknown argument '--frobnicate'; usage: Scripts/install"))
        let nothingToBuild = try install(["--scratch-path", "/tmp/elsewhere"])
        #expect(nothingToBuild.status == 1)
        #expect(
            nothingToBuild.stderr
                == "install: --scratch-path is where a build goes; with --from-build-dir nothing is built\n")
        #expect(!exists("usr"), "nothing written")
    }
}
