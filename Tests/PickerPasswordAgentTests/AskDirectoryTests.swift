import Foundation
import PickerTestSupport
import Testing

@testable import PickerPasswordAgent

/// Which requests the agent believes, and where it will send a password:
/// what a hostile local user can and cannot make it do. Needs root (files of
/// other users).
@Suite struct AskDirectoryTests {
    static let stranger: UInt32 = 4242

    let folder: TestDirectory
    var path: String { folder.url.path }

    init() throws {
        guard getuid() == 0 else { throw TestFailure("these tests need root, to make files of other users") }
        folder = try TestDirectory()
        chmod(path, 0o755)
    }

    func open() throws -> AskDirectory {
        try AskDirectory.open(path, create: false).get()
    }

    func refusal(_ name: String, in directory: AskDirectory) -> String? {
        if case .failure(.refused(let why)) = directory.read(name) { return why }
        return nil
    }

    @Test func aDirectoryOthersMayWriteToIsRefused() throws {
        chmod(path, 0o1777)
        #expect(throws: AgentFailure.self) { try open() }
        chmod(path, 0o775)
        let failure = #expect(throws: AgentFailure.self) { try open() }
        #expect(failure?.kind == .permissionDenied)
        #expect(failure?.message.contains("decides where the password goes") == true, "\(failure?.message ?? "")")
    }

    @Test func aDirectoryOfAnotherUserIsRefused() throws {
        chown(path, Self.stranger, Self.stranger)
        #expect(throws: AgentFailure.self) { try open() }
    }

    @Test func aLinkToADirectoryIsRefused() throws {
        let link = path + "-link"
        symlink(path, link)
        defer { unlink(link) }
        #expect(throws: AgentFailure.self) { try AskDirectory.open(link, create: false).get() }
    }

    @Test func watchMakesAMissingDirectory() throws {
        let missing = path + "/systemd/ask-password"
        let directory = try AskDirectory.open(missing, create: true).get()
        var status = stat()
        stat(missing, &status)
        #expect(status.st_mode & 0o777 == 0o755 && directory.requestNames().isEmpty)
        #expect(throws: AgentFailure.self) { try AskDirectory.open(path + "/other", create: false).get() }
    }

    @Test func onlyRegularFilesOfRootOrTheUserThatNoOneElseMayWriteAreRequests() throws {
        let directory = try open()
        let good = try FakeAsker(in: path)
        let goodName = URL(fileURLWithPath: good.filePath).lastPathComponent
        #expect((try? directory.read(goodName).get())?.file.message == "Fake request")

        let strangers = try FakeAsker(in: path, owner: Self.stranger)
        #expect(
            refusal(URL(fileURLWithPath: strangers.filePath).lastPathComponent, in: directory)?.contains("uid 4242")
                == true)

        try FakeAsker.publish("[Ask]\nSocket=\(good.socketPath)\n", at: path + "/ask.writable", mode: 0o666)
        #expect(refusal("ask.writable", in: directory)?.contains("other users may write") == true)

        let elsewhere = try TestDirectory()
        try FakeAsker.publish("[Ask]\nSocket=\(good.socketPath)\n", at: elsewhere.url.path + "/target")
        symlink(elsewhere.url.path + "/target", path + "/ask.link")
        #expect(refusal("ask.link", in: directory)?.contains("symbolic link") == true)

        mkfifo(path + "/ask.fifo", 0o644)
        #expect(
            refusal("ask.fifo", in: directory)?.contains("not a regular file") == true,
            "a FIFO does not block the agent")

        try FakeAsker.publish(
            "[Ask]\nSocket=/s\nMessage=" + String(repeating: "z", count: 70_000) + "\n", at: path + "/ask.huge")
        #expect(refusal("ask.huge", in: directory)?.contains("more than the 65536") == true)

        try FakeAsker.publish("[Ask]\nMessage=No socket\n", at: path + "/ask.nosocket")
        #expect(refusal("ask.nosocket", in: directory)?.contains("Socket=") == true)

        #expect(directory.read("ask.missing") == .failure(.gone))
        #expect(directory.read("sck.1") == .failure(.notARequest))
        _ = FileManager.default.createFile(atPath: path + "/other", contents: Data())
        mkdir(path + "/ask.directory", 0o755)
        let names = [
            goodName, URL(fileURLWithPath: strangers.filePath).lastPathComponent, "ask.writable", "ask.huge",
            "ask.nosocket",
        ]
        #expect(Set(directory.requestNames()) == Set(names), "links, FIFOs, directories and other names are not listed")
    }

    func target(for asker: FakeAsker, in directory: AskDirectory) throws -> Result<ReplyTarget, AskRefusal> {
        try target(URL(fileURLWithPath: asker.filePath).lastPathComponent, in: directory)
    }

    func target(_ name: String, in directory: AskDirectory) throws -> Result<ReplyTarget, AskRefusal> {
        directory.replyTarget(for: try directory.read(name).get())
    }

    /// Why the answer to `name` would not be sent; nil when it would.
    func socketRefusal(_ name: String, in directory: AskDirectory) throws -> String? {
        if case .failure(.refused(let why)) = try target(name, in: directory) { return why }
        return nil
    }

    @Test func theAnswerGoesOnlyToASocketInTheDirectory() throws {
        let directory = try open()
        let asker = try FakeAsker(in: path)
        let found = try target(for: asker, in: directory).get()
        #expect(found.shownAs == asker.socketPath)
        #expect(found.send(.password("pw")) == nil)
        #expect(asker.receive() == Array("+pw".utf8))
        #expect(found.send(.cancel) == nil)
        #expect(asker.receive() == Array("-".utf8))

        // A request naming a socket elsewhere: a hostile one's, say.
        let elsewhere = try TestDirectory()
        let outside = try FakeAsker(in: path, socketDirectory: elsewhere.url.path)
        let why = try socketRefusal(URL(fileURLWithPath: outside.filePath).lastPathComponent, in: directory)
        #expect(why?.contains("is not in \(path)") == true, "a socket outside the directory was taken: \(why ?? "")")
    }

    @Test func aLinkOrAStrangersSocketInTheDirectoryIsRefused() throws {
        let directory = try open()
        let elsewhere = try TestDirectory()
        let hostile = try FakeAsker(in: elsewhere.url.path)
        symlink(hostile.socketPath, path + "/sck.link")
        try FakeAsker.publish("[Ask]\nSocket=\(path)/sck.link\n", at: path + "/ask.link")
        #expect(try socketRefusal("ask.link", in: directory) == "Socket=\(path)/sck.link is not a socket")

        let strangers = try FakeAsker(in: path)
        chown(strangers.socketPath, Self.stranger, Self.stranger)
        let why = try socketRefusal(URL(fileURLWithPath: strangers.filePath).lastPathComponent, in: directory)
        #expect(
            why?.contains("uid 4242") == true, "a socket of another user was taken for root's request: \(why ?? "")")

        try FakeAsker.publish("[Ask]\nSocket=\(path)/ask.link\n", at: path + "/ask.file")
        #expect(try socketRefusal("ask.file", in: directory) == "Socket=\(path)/ask.link is not a socket")
        try FakeAsker.publish("[Ask]\nSocket=relative/sck.1\n", at: path + "/ask.relative")
        #expect(try socketRefusal("ask.relative", in: directory) == "Socket=relative/sck.1 is not an absolute path")
    }

    @Test func theWatchSeesRequestsComeAndGoAndTheDirectoryGo() async throws {
        let directory = try open()
        let watch = try DirectoryWatch.start(directory).get()
        var changes = watch.changes.makeAsyncIterator()
        try FakeAsker.publish("[Ask]\nSocket=/s\n", at: path + "/ask.one")
        unlink(path + "/ask.one")
        var seen: [DirectoryChange] = []
        while let change = await changes.next() {
            seen.append(change)
            if change == .vanished("ask.one") { break }
        }
        #expect(
            seen == [.appeared("tmp.ask.one"), .vanished("tmp.ask.one"), .appeared("ask.one"), .vanished("ask.one")])
        rmdir(path)
        #expect(await changes.next() == .directoryGone)
        #expect(await changes.next() == nil)
    }
}
