import PickerAskpass
import PickerSystem

#if canImport(Glibc)
import Glibc
#endif

// pickerd-askpass [PROMPT]: the program SSH_ASKPASS, SUDO_ASKPASS and
// GIT_ASKPASS name. Every argument is the prompt (none is an option: a
// prompt may begin with a dash); PICKERD_SOCKET chooses the daemon.
exit(
    Askpass.run(
        prompt: Array(CommandLine.arguments.dropFirst()), environment: POSIX.environment(), socketPath: nil,
        name: "pickerd-askpass"))
