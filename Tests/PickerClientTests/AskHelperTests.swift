import PickerClient
import PickerTestSupport
import Testing

/// The typed asks against a real pickerd, each window answered through the
/// protocol by another connection, as a front-end answers it.
@Suite(.tags(.process)) struct AskHelperTests {
    @Test func askDateReturnsTheDayAnswered() async throws {
        let (daemon, asker, person) = try await Self.start()
        defer { asker.close(); person.close(); _ = daemon }
        var presented = try await person.subscribe(events: ["window.presented"]).makeAsyncIterator()
        async let day = asker.askDate(title: "Deploy on", min: "2026-01-01", max: "2026-12-31")
        let window = try #require(await presented.next()?.window)
        let details = try await person.get(window: window)
        #expect(details.summary.kind == BuiltInKind.date.rawValue && details.summary.title == "Deploy on")
        #expect(details.options[DateOption.min] == "2026-01-01" && details.options[DateOption.max] == "2026-12-31")
        _ = try await person.submit(window: window, value: "2026-03-04")
        #expect(try await day == CivilDate(year: 2026, month: 3, day: 4))
    }

    @Test func aWindowEndedWithoutAnAnswerThrowsEndedWithItsOutcome() async throws {
        let (daemon, asker, person) = try await Self.start()
        defer { asker.close(); person.close(); _ = daemon }
        var presented = try await person.subscribe(events: ["window.presented"]).makeAsyncIterator()
        let text = Task { try await asker.askText(title: "Name?", secure: true) }
        let window = try #require(await presented.next()?.window)
        _ = try await person.cancel(window: window)
        let ending = await text.result
        guard case .failure(let error as AskError) = ending, case .ended(let outcome) = error else {
            Issue.record("expected .ended, got \(ending)")
            return
        }
        #expect(outcome.reason == .cancelled && outcome.window == window)
        do {
            _ = try await asker.askDate(title: "Never", timeoutMilliseconds: 50)
            Issue.record("a timed-out window gave an answer")
        } catch {
            #expect(error.reason == .timeout)
        }
        do {
            _ = try await asker.choose(from: [], title: "Nothing to choose")
            Issue.record("pickerd took a list without choices")
        } catch .failed(let error) {
            #expect(error.code == .invalidParams)
        } catch {
            Issue.record("expected .failed, got \(error)")
        }
    }

    @Test func eachKindsAnswerComesBackTyped() async throws {
        let (daemon, asker, person) = try await Self.start()
        defer { asker.close(); person.close(); _ = daemon }
        var presented = try await person.subscribe(events: ["window.presented"]).makeAsyncIterator()
        func answerNext(with value: JSON) async throws -> WindowDetails {
            let window = try #require(await presented.next()?.window)
            let details = try await person.get(window: window)
            _ = try await person.submit(window: window, value: value)
            return details
        }

        async let text = asker.askText(title: "Name?", placeholder: "ada")
        #expect(try await answerNext(with: "Ada").summary.kind == BuiltInKind.text.rawValue)
        #expect(try await text == "Ada")

        async let one = asker.choose(from: ["red", "green", "blue"], title: "Colour?")
        #expect(try await answerNext(with: [1]).options[ListOption.choices] == ["red", "green", "blue"])
        #expect(try await one == "green")

        async let several = asker.chooseSeveral(from: ["a", "b", "c"], title: "Which?", min: 1)
        #expect(try await answerNext(with: ["c", "a"]).options[ListOption.multiple] == true)
        #expect(try await several == ["a", "c"])

        async let wheel = asker.pick(columns: [["1", "2"], ["x", "y"]], title: "Pick")
        #expect(try await answerNext(with: [1, 0]).summary.kind == BuiltInKind.custom.rawValue)
        #expect(try await wheel == ["2", "x"])

        async let path = asker.pick(
            tree: ["Zhejiang": ["Hangzhou", "Ningbo"], "Jiangsu": ["Nanjing"]], title: "Where?")
        _ = try await answerNext(with: ["Zhejiang", "Ningbo"])
        #expect(try await path == ["Zhejiang", "Ningbo"])

        async let sure = asker.confirm(title: "Deploy?", confirm: "Deploy", cancel: "Not now")
        #expect(try await answerNext(with: "Not now").summary.kind == BuiltInKind.actions.rawValue)
        #expect(
            try await sure == ChosenAction(index: 1, label: "Not now", role: .cancel), "the cancel action is an answer")

        async let action = asker.askAction(
            [SheetAction("Keep"), SheetAction("Delete", role: .destructive)], title: "Old logs")
        _ = try await answerNext(with: ["index": 1])
        #expect(try await action == ChosenAction(index: 1, label: "Delete", role: .destructive))
    }

    static func start() async throws -> (DaemonProcess, PickerClient, PickerClient) {
        let daemon = try PickerClientTests.daemon()
        return (
            daemon, try PickerClient.connect(socketPath: daemon.socketPath),
            try PickerClient.connect(socketPath: daemon.socketPath)
        )
    }
}
