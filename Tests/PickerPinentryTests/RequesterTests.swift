import Testing

@testable import PickerPinentry

#if canImport(Glibc)
import Glibc
#endif

/// Who asks, from /proc and gpg-agent's OPTION owner.
@Suite struct RequesterTests {
    @Test func theParentChainStartsWithThisProcesssParent() {
        let requester = Requester.current(owner: nil)
        #expect(requester.parents.first?.pid == getppid())
        #expect(requester.client == nil)
        #expect(requester.parents.allSatisfy { $0.isRunning })
    }

    @Test func theOwnerIsTakenOnlyOnThisMachine() {
        var names = utsname()
        uname(&names)
        let node = withUnsafeBytes(of: names.nodename) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        // gpg-agent 2.2 writes `PID HOST`, later ones `PID/UID HOST`.
        #expect(Requester.current(owner: "\(getpid()) \(node)").client?.pid == getpid())
        #expect(Requester.current(owner: "\(getpid())/\(getuid()) \(node)").client?.pid == getpid())
        #expect(Requester.current(owner: "\(getpid()) another-host").client == nil)
        #expect(Requester.current(owner: "nonsense").client == nil)
    }

    @Test func aProcessWithAnotherStartTimeIsNotTheSameOne() throws {
        let me = try #require(Requester.current(owner: "\(getpid())").client)
        #expect(me.isRunning)
        var other = me
        other.startTime = (me.startTime ?? 0) + 1
        #expect(!other.isRunning, "a pid given to another process later")
        #expect(!Requester.Process(pid: Int32.max, name: "gone").isRunning)
    }

    @Test func theSentenceNamesWhoAsksThroughWhom() {
        let gpg = Requester.Process(pid: 4121, name: "gpg")
        let agent = Requester.Process(pid: 4000, name: "gpg-agent")
        #expect(
            Requester(client: gpg, parents: [agent]).sentence == "Asked by gpg (pid 4121) through gpg-agent (pid 4000)."
        )
        #expect(
            Requester(client: nil, parents: [agent, .init(pid: 10, name: "bash")]).sentence
                == "Asked by gpg-agent (pid 4000) ← bash (pid 10).")
    }
}
