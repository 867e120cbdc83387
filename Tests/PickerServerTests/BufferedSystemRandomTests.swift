import PickerServer
import Testing

/// The generator window ids take their unguessable part from.
@Suite struct BufferedSystemRandomTests {
    /// Past its 64 buffered words it reads more, never handing a word out
    /// twice: 1,000 words of 64 random bits repeat with odds of about 2^-44.
    @Test func itRefillsAndNeverRepeatsAWord() {
        var random = BufferedSystemRandom()
        let words = (0..<1000).map { _ in random.next() }
        #expect(Set(words).count == words.count)
        #expect(words.contains { $0 != 0 })
    }

    /// Two generators read the system's source, not a seed of their own.
    @Test func twoGeneratorsGiveDifferentWords() {
        var first = BufferedSystemRandom()
        var second = BufferedSystemRandom()
        #expect((0..<4).map { _ in first.next() } != (0..<4).map { _ in second.next() })
    }
}
