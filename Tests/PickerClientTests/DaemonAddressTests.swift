import PickerClient
import Testing

/// `--host` and `$PICKERD_HOST` read into a `DaemonAddress`, and the ssh
/// command line made from it: the address is untrusted text, and none of it
/// may become an ssh option or a second remote command.
@Suite struct DaemonAddressTests {
    @Test func anSSHAddressHasItsParts() throws {
        let full = try SSHDestination(parsing: "ssh://ci@build-7:2222/run/user/1000/pickerd/pickerd.sock")
        #expect(full.user == "ci" && full.host == "build-7" && full.port == 2222)
        #expect(full.socket == "/run/user/1000/pickerd/pickerd.sock")
        let bare = try SSHDestination(parsing: "ssh://build-7")
        #expect(bare.user == nil && bare.port == nil && bare.socket == nil)
        #expect(try SSHDestination(parsing: "ssh://[::1]:22").host == "::1")
        #expect(try DaemonAddress(parsing: "local") == .socket(nil))
        #expect(try DaemonAddress(parsing: "/tmp/p.sock") == .socket("/tmp/p.sock"))
    }

    @Test func theCommandLineEndsSSHsOptionsBeforeTheRemoteCommand() throws {
        let destination = try SSHDestination(parsing: "ssh://ci@build-7:2222/tmp/it's.sock")
        #expect(
            destination.commandLine(ssh: ["ssh", "-F", "cfg"]) == [
                "ssh", "-F", "cfg", "-o", "BatchMode=yes", "-p", "2222", "ci@build-7", "--", "pickerctl", "dial-stdio",
                "--socket", #"'/tmp/it'\''s.sock'"#,
            ])
        // The person's own BatchMode is left alone.
        #expect(
            try SSHDestination(parsing: "ssh://h").commandLine(ssh: ["ssh", "-oBatchMode=no"]) == [
                "ssh", "-oBatchMode=no", "h", "--", "pickerctl", "dial-stdio",
            ])
    }

    @Test(arguments: [
        "ssh://-oProxyCommand=id", "ssh://-oProxyCommand=id@h", "ssh://h -oProxyCommand=id", "ssh://h\tx",
        "ssh://a\u{1B}[2Jb@h", "ssh://h/x\ny", "ssh://", "ssh://u@", "ssh://h:0", "ssh://h:ssh", "ssh://u:pw@h",
        "ssh://h\u{200B}x", "tcp://h:1", "/tmp/a\u{7}b", "",
    ])
    func aHostileOrBrokenAddressIsRefused(_ text: String) {
        #expect(throws: PickerClientError.self) { try DaemonAddress(parsing: text) }
    }

    @Test func pickerdSSHIsSplitAsACommandLine() {
        #expect(
            CommandWords.split(#"ssh -F "/a b/c" -o 'User=x y' \-z"#) == [
                "ssh", "-F", "/a b/c", "-o", "User=x y", "-z",
            ])
        #expect(CommandWords.split("ssh 'open") == nil)
        #expect(CommandWords.split("  ") == [])
    }
}
