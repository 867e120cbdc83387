import CPickerSystem
import PickerZenity

#if canImport(Glibc)
import Glibc
#endif

// pickerd-zenity [ZENITY OPTIONS...]: zenity 3.44's command line, asked
// through pickerd; put first on PATH as `zenity` (docs/zenity.md).
// PICKERD_SOCKET chooses the daemon. The locale is the caller's, as zenity's
// is: --calendar prints the date as LC_TIME writes it.
setlocale(LC_ALL, "")
// A password or hidden entry passes through it: no core dump, no ptrace by the user's other processes.
picker_make_undumpable()
exit(await Zenity.run(arguments: Array(CommandLine.arguments.dropFirst()), socketPath: nil, name: "pickerd-zenity"))
