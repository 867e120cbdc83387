import PickerJSON
import PickerProtocol
import Testing

/// The scale the number plugin checks on and the front-ends move along.
@Suite struct NumberScaleTests {
    @Test func decimalsComeFromMinAndStep() throws {
        #expect(try #require(NumberScale(min: 0, max: 1, step: 0.1)).decimals == 1)
        #expect(try #require(NumberScale(min: 0.25, max: 1, step: 1)).decimals == 2)
        #expect(try #require(NumberScale(min: 0, max: 1, step: 1e-7)).decimals == 7)
        #expect(try #require(NumberScale(min: 0, max: 1, step: 1.5e-5)).decimals == 6)
        #expect(try #require(NumberScale(min: -5, max: 5)).decimals == 0)
        #expect(NumberScale(min: 1, max: 0) == nil)
        #expect(NumberScale(min: 0, max: 1, step: -1) == nil)
        #expect(NumberScale(min: 0, max: .infinity) == nil)
    }

    @Test func pointsStayOnTheGridAndWithinIt() throws {
        let scale = try #require(NumberScale(min: 0, max: 1, step: 0.1))
        #expect(scale.lastIndex == 10)
        #expect(scale.point(3) == 0.3)
        #expect(scale.point(11) == 1, "past the end is the end")
        #expect(scale.index(of: 0.30000000000000004) == 3)
        #expect(scale.index(of: 0.35) == nil)
        #expect(scale.nearestIndex(to: 0.36) == 4)
        #expect(scale.nearestIndex(to: -3) == 0)
        #expect(scale.json(scale.point(10)) == .integer(1))
        #expect(scale.text(0.5) == "0.5")
        #expect(
            try #require(NumberScale(min: 0, max: 1, step: 0.25)).text(0.5) == "0.50", "padded to the step's decimals")
    }

    @Test func aScaleHasAtMostTwoToThe53Steps() throws {
        #expect(NumberScale(min: -1e308, max: 1e308) == nil, "the span itself overflows")
        #expect(NumberScale(min: 0, max: 1e19) == nil)
        let widest = try #require(NumberScale(min: 0, max: NumberScale.mostSteps))
        #expect(widest.lastIndex == 1 << 53)
        #expect(widest.point(Int.max) == NumberScale.mostSteps)
        let edge = try #require(NumberScale(min: 1e308, max: 1e308, step: 0.5))
        #expect(edge.point(0) == 1e308, "rounding to a tenth would overflow to infinity")
        #expect(edge.json(edge.point(0)) == .double(1e308))
    }
}
