import Foundation

/// The files the file-selection cases choose among, the same for the real
/// zenity and for pickerd-zenity: a directory of this test run's own.
enum ZenityFiles {
    /// Holds `a.txt`, `b.png`, `sub/` and `pair/`.
    static let directory: String = {
        let directory = NSTemporaryDirectory() + "pickerd-zenity-files-\(getpid())"
        let manager = FileManager.default
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
