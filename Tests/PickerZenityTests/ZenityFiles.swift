import Foundation

/// The files the file-selection cases choose among, the same for the real
/// zenity and for pickerd-zenity: a directory of this test run's own.
enum ZenityFiles {
    /// This run's, by its process id.
    private static var location: String { NSTemporaryDirectory() + "pickerd-zenity-files-\(getpid())" }

    /// Holds `a.txt`, `b.png`, `sub/` and `pair/`; removed when the test runner exits.
    static let directory: String = {
        let directory = location
        let manager = FileManager.default
        atexit { try? FileManager.default.removeItem(atPath: ZenityFiles.location) }
        try? manager.createDirectory(atPath: directory + "/sub", withIntermediateDirectories: true)
        try? manager.createDirectory(atPath: directory + "/pair", withIntermediateDirectories: true)
        for name in ["a.txt", "b.png", "pair/x1.png", "pair/x2.png"] {
            manager.createFile(atPath: directory + "/" + name, contents: Data("\(name)\n".utf8))
        }
        return directory
    }()

    /// Only two files, so that selecting all selects both.
    static var pair: String { directory + "/pair" }

    static func path(_ name: String) -> String { directory + "/" + name }
}
