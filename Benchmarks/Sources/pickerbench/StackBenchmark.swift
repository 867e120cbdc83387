import PickerCore
import PickerJSON
import PickerPlugins
import PickerProtocol

/// Stack operations with few and with many windows open, measured side by side:
/// rounds alternate between the two models so both see the same machine noise.
struct StackBenchmark {
    var smallSize = 10
    var largeSize = 100_000
    var rounds = 9
    var operationsPerRound = 20_000

    private static let owner = Owner(peer: Peer(uid: 0, pid: 1), connection: nil)

    struct Operation: Sendable {
        var name: String
        var run: @Sendable (PickerModel, Int) throws -> Void
    }

    static let operations: [Operation] = [
        Operation(name: "present + dismiss") { model, _ in
            let id = try model.present(Present(kind: "text"), owner: owner).window
            _ = try model.dismiss(window: id, by: owner.peer)
            _ = model.takeEvents()
        },
        Operation(name: "raise + lower") { model, index in
            let id = WindowID("w\(1 + index % 10)")
            _ = try model.raise(window: id)
            _ = try model.lower(window: id)
            _ = model.takeEvents()
        },
        Operation(name: "hide + show (key)") { model, _ in
            let key = model.keyWindow!
            _ = try model.hide(window: key)
            _ = try model.show(window: key)
            _ = model.takeEvents()
        },
    ]

    func run() throws -> [TargetCheck] {
        print("Stack operations with \(smallSize) vs \(largeSize) open windows")
        print("(\(rounds) alternating rounds of \(operationsPerRound) operations; median ns per operation, min–max)\n")
        let small = try makeModel(windows: smallSize)
        let large = try makeModel(windows: largeSize)
        print(
            padded("operation", 20) + leftPadded("\(smallSize) open", 22) + leftPadded("\(largeSize) open", 22)
                + leftPadded("large/small", 13))
        for operation in Self.operations {
            var smallSample = Sample()
            var largeSample = Sample()
            for _ in 0..<rounds {
                smallSample.add(try measure(operation, on: small))
                largeSample.add(try measure(operation, on: large))
            }
            print(
                padded(operation.name, 20) + leftPadded(describe(smallSample), 22)
                    + leftPadded(describe(largeSample), 22)
                    + leftPadded((largeSample.median / smallSample.median).formatted(decimals: 2) + "x", 13))
        }
        precondition(small.openWindowCount == smallSize && large.openWindowCount == largeSize)
        return []
    }

    private func makeModel(windows: Int) throws -> PickerModel {
        var configuration = ModelConfiguration()
        configuration.maxWindows = windows + 1
        // As the daemon does for root: the per-user quota is not what this measures.
        configuration.exemptUIDs = [Self.owner.peer.uid]
        let model = PickerModel(
            configuration: configuration, levels: try LevelTable(), plugins: .builtIn, clock: SystemClock(),
            idRandomness: SystemRandomNumberGenerator())
        let levels: [Level] = [.normal, .statusBar, .alert]
        for index in 0..<windows {
            _ = try model.present(Present(kind: "text"), at: levels[index % 3], owner: Self.owner)
            if index % 1000 == 0 { _ = model.takeEvents() }
        }
        _ = model.takeEvents()
        return model
    }

    private func measure(_ operation: Operation, on model: PickerModel) throws -> Double {
        let clock = ContinuousClock()
        let start = clock.now
        for index in 0..<operationsPerRound {
            try operation.run(model, index)
        }
        let elapsed = clock.now - start
        let nanoseconds = Double(elapsed.components.seconds) * 1e9 + Double(elapsed.components.attoseconds) / 1e9
        return nanoseconds / Double(operationsPerRound)
    }

    private func describe(_ sample: Sample) -> String {
        "\(sample.median.formatted(decimals: 0)) (\(sample.min.formatted(decimals: 0))–\(sample.max.formatted(decimals: 0)))"
    }
}
