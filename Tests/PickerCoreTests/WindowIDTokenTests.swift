import PickerPlugins
import PickerProtocol
import Testing

@testable import PickerCore

/// Window ids: a number that orders them, and a token from the randomness the
/// model is given (pickerd's is the system's CSPRNG), so that no id can be
/// told from another.
@Suite struct WindowIDTokenTests {
    static func model(randomness: (any RandomNumberGenerator)?) throws -> PickerModel {
        PickerModel(levels: try LevelTable(), plugins: .builtIn, clock: ManualClock(), idRandomness: randomness)
    }

    static func present(_ count: Int, on model: PickerModel) throws -> [WindowID] {
        try (0..<count).map { _ in try model.present(Present(kind: "text"), owner: ModelFixture.alice).window }
    }

    @Test func eachIDHasATokenOfItsOwnDrawnFromTheModelsRandomness() throws {
        let ids = try Self.present(200, on: Self.model(randomness: SplitMix64(seed: 27)))
        #expect(ids.map(\.number) == (1...200).map { UInt64($0) }, "the number still orders them")
        let tokens = ids.map { String($0.rawValue.drop { $0 != "-" }.dropFirst()) }
        let alphabet = Set("0123456789abcdefghjkmnpqrstvwxyz")
        #expect(
            tokens.allSatisfy { $0.count == WindowIDToken.length && $0.allSatisfy(alphabet.contains) },
            "\(tokens.prefix(3))")
        #expect(Set(tokens).count == tokens.count, "no two windows share a token")
        for (one, next) in zip(tokens, tokens.dropFirst()) {
            let samePlaces = zip(one, next).filter { $0 == $1 }.count
            // Independent tokens agree in about half a place in 16; a shared or counted part would show.
            #expect(samePlaces < 6, "\(one) and \(next)")
        }
        #expect(ids.sorted() == ids)
    }

    @Test func theSameRandomnessGivesTheSameIDsSoTestsStayRepeatable() throws {
        let first = try Self.present(5, on: Self.model(randomness: SplitMix64(seed: 1)))
        let again = try Self.present(5, on: Self.model(randomness: SplitMix64(seed: 1)))
        let other = try Self.present(5, on: Self.model(randomness: SplitMix64(seed: 2)))
        #expect(first == again)
        #expect(zip(first, other).allSatisfy { $0 != $1 })
    }

    @Test func withoutRandomnessAnIDIsItsNumberAlone() throws {
        #expect(try Self.present(2, on: Self.model(randomness: nil)) == [WindowID("w1"), WindowID("w2")])
    }
}
