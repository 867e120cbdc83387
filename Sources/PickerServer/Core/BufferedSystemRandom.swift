import CPickerServer

/// The system's CSPRNG, as `SystemRandomNumberGenerator` (getrandom(2) on
/// Linux), read 64 words at a time: one system call where that generator
/// makes one per word. Each window id takes two words, and a getrandom per
/// word was 5% of pickerd's CPU in a pipelined present+submit run. The words
/// wait in this process's memory only, where the ids they become live too.
package struct BufferedSystemRandom: RandomNumberGenerator {
    private var words = [UInt64](repeating: 0, count: 64)
    private var taken = 64

    package init() {}

    package mutating func next() -> UInt64 {
        if taken == words.count { refill() }
        defer { taken += 1 }
        return words[taken]
    }

    private mutating func refill() {
        let failed = words.withUnsafeMutableBytes { picker_random_fill($0.baseAddress, $0.count) }
        if failed != 0 {
            // getrandom is missing or failing: the standard library's generator
            // (which traps rather than give predictable numbers) fills them.
            var system = SystemRandomNumberGenerator()
            for index in words.indices { words[index] = system.next() }
        }
        taken = 0
    }
}
