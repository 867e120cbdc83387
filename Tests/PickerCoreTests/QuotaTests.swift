import PickerCore
import PickerJSON
import PickerProtocol
import Testing

/// Per-user quotas the model keeps: open windows, and outcomes retained per
/// owner, with room kept for the exempt owners (the daemon's own user and root).
@Suite struct QuotaTests {
    static let root = Owner(peer: Peer(uid: 0, pid: 1), connection: ConnectionID(9))
    static let carol = Owner(peer: Peer(uid: 1002, pid: 5), connection: ConnectionID(3))

    @Test func anOwnerHoldsAtMostItsQuotaOfWindows() throws {
        let fixture = ModelFixture {
            $0.maxWindowsPerUser = 2
            $0.exemptUIDs = [0]
        }
        try fixture.expectRefused(
            afterPresenting: 2,
            .limitReached(
                "uid 1000 already has 2 open windows, its limit (limits.max_windows_per_user); dismiss some first",
                limit: .maxWindowsPerUser))
        try fixture.present(owner: Self.carol)
        for _ in 0..<5 { try fixture.present(owner: Self.root) }
        #expect(fixture.model.openWindowCount(ownedBy: 1000) == 2 && fixture.model.openWindowCount(ownedBy: 0) == 5)
        // A window that ends gives its place back.
        _ = try fixture.model.cancel(window: fixture.order.last!, by: ModelFixture.bob)
        try fixture.present()
    }

    @Test func theLastTenthOfTheWindowsIsKeptForTheExempt() throws {
        let fixture = ModelFixture {
            $0.maxWindows = 10
            $0.exemptUIDs = [0]
        }
        for _ in 0..<9 { try fixture.present() }
        #expect(throws: PickerError.self) { try fixture.present(owner: Self.carol) }
        try fixture.present(owner: Self.root)
        #expect(throws: PickerError.self) { try fixture.present(owner: Self.root) }
    }

    @Test func oneOwnersChurnDoesNotPushOutAnothersOutcomes() throws {
        let fixture = ModelFixture {
            $0.maxOutcomes = 10
            $0.maxOutcomesPerUser = 4
            $0.exemptUIDs = [0]
        }
        let rootWindow = try fixture.present(owner: Self.root)
        _ = try fixture.model.cancel(window: rootWindow, by: Self.root.peer)
        var aliceWindows: [WindowID] = []
        for _ in 0..<20 {
            let window = try fixture.present()
            _ = try fixture.model.cancel(window: window, by: ModelFixture.bob)
            aliceWindows.append(window)
        }
        #expect(fixture.model.retainedOutcomeCount(ownedBy: 1000) == 4)
        #expect(fixture.model.history(window: rootWindow).count == 1)
        #expect(fixture.model.history(limit: 100).map(\.window) == aliceWindows.suffix(4).reversed() + [rootWindow])
        #expect(Set(fixture.model.takeDroppedOutcomes()) == Set(aliceWindows.prefix(16)))
    }

    @Test func pastTheTotalTheOwnerKeepingMostGivesWay() throws {
        let fixture = ModelFixture {
            $0.maxOutcomes = 6
            $0.maxOutcomesPerUser = 100
            $0.exemptUIDs = [0]
        }
        func churn(_ owner: Owner, _ count: Int) throws -> [WindowID] {
            try (0..<count).map { _ in
                let window = try fixture.present(owner: owner)
                _ = try fixture.model.cancel(window: window, by: owner.peer)
                return window
            }
        }
        let carols = try churn(Self.carol, 2)
        let roots = try churn(Self.root, 10)
        #expect(fixture.model.retainedOutcomeCount(ownedBy: 1002) == 2, "the smaller holder keeps its outcomes")
        #expect(fixture.model.retainedOutcomeCount(ownedBy: 0) == 4)
        #expect(fixture.model.history(limit: 10).map(\.window) == roots.suffix(4).reversed() + carols.reversed())
    }

    @Test func expiredOutcomesLeaveEveryIndex() throws {
        let fixture = ModelFixture {
            $0.retentionMilliseconds = 1000
            $0.maxOutcomesPerUser = 3
        }
        for round in 0..<3000 {
            let window = try fixture.present()
            _ = try fixture.model.cancel(window: window, by: ModelFixture.bob)
            if round % 2 == 0 { fixture.clock.advance(milliseconds: 400) }
        }
        fixture.clock.advance(milliseconds: 1000)
        fixture.model.fireDueTimers()
        #expect(fixture.model.retainedOutcomeCount(ownedBy: 1000) == 0)
        #expect(fixture.model.history().isEmpty && fixture.model.nextWakeup == nil)
    }
}
