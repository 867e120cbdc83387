import Foundation
import PickerTestSupport
import Testing

@testable import PickerAskpass

@Suite struct AskerChainTests {
    @Test func aNameWithParenthesesAndEscapesIsReadWholeAndShownVisibly() {
        let read = AskerChain.read(stat: "4121 (de) (ploy\u{1B}[2J.sh) S 4000 4121 4000 0 -1")
        #expect(read?.command == #"de) (ploy\u{1B}[2J.sh"#)
        #expect(read?.parent == 4000)
        #expect(AskerChain.read(stat: "garbage") == nil)
    }

    @Test func theChainIsReadUpToPidOneAndBounded() throws {
        let proc = try TestDirectory()
        func process(_ pid: Int, _ name: String, parent: Int) throws {
            let directory = proc.url.appendingPathComponent("\(pid)")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try "\(pid) (\(name)) S \(parent) 1 1 0".write(
                to: directory.appendingPathComponent("stat"), atomically: true, encoding: .utf8)
        }
        try process(4130, "sudo", parent: 4121)
        try process(4121, "deploy.sh", parent: 1)
        #expect(
            AskerChain(startingAt: 4130, proc: proc.url.path).description == "sudo (pid 4130) ← deploy.sh (pid 4121)")
        // A loop (a forged proc) and a missing process end the chain.
        try process(20, "a", parent: 21)
        try process(21, "b", parent: 20)
        #expect(AskerChain(startingAt: 20, proc: proc.url.path).description == "a (pid 20) ← b (pid 21)")
        #expect(AskerChain(startingAt: 30, proc: proc.url.path).description == "an unknown process")
        for pid in 100..<110 { try process(pid, "p\(pid)", parent: pid + 1) }
        let deep = AskerChain(startingAt: 100, proc: proc.url.path)
        #expect(deep.links.count == AskerChain.longest && deep.description.hasSuffix(" ← …"))
    }

    @Test func theRealChainNamesThisProcess() {
        let chain = AskerChain(startingAt: getpid())
        #expect(chain.links.first?.pid == getpid())
    }
}
