// swift-format-ignore-file: OnlyOneTrailingClosureArgument

// Each attack's body is the trailing closure of its HostileAttack, after the
// closures that configure and prepare its daemon.
import Foundation

/// The attacks of issue 14 through plugins and sizes: a plugin program's
/// oversized answer, options of the built-in kinds that take long to check,
/// and 1 MiB titles. All from the daemon's own user (uid 0): none of these
/// limits depends on who asks.
extension HostileAttack {
    static let pluginSpin = HostileAttack(
        name: "plugin-spin",
        title: "`update` with 330,000 `€` to a preset whose program answers 1.98 MB of json.dumps escapes (uid 0)",
        config: { folder in
            // Mode bits set outright: the presets folder and its program must
            // be writable by their owner only (StrictModes).
            let presets = folder + "/plugins.d"
            mkdir(presets, 0o755)
            chmod(presets, 0o755)
            try? #"{"kind": "shout", "base": "text", "summary": "Upper case, by Python.", "exec": ["shout.py"]}"#
                .write(toFile: presets + "/shout.json", atomically: false, encoding: .utf8)
            try? """
            #!/usr/bin/python3
            import json, sys
            for line in sys.stdin:
                request = json.loads(line)
                print(json.dumps({"id": request["id"], "value": request["value"].upper()}), flush=True)

            """.write(toFile: presets + "/shout.py", atomically: false, encoding: .utf8)
            chmod(presets + "/shout.json", 0o644)
            chmod(presets + "/shout.py", 0o755)
            return #"{"state": {"durability": "memory"}, "plugins": {"presets_dir": "\#(presets)"}}"#
        },
        asksSIGTERM: true
    ) { round in
        let client = try LoadConnection(socketPath: round.socket)
        let presented = try client.call(request("present", #"{"kind":"shout"}"#))
        guard let window = presented.field("window") else { throw BenchmarkFailure("present failed: \(presented)") }
        let cpu = round.daemon.probe.cpuSeconds()
        client.send(request("update", #"{"window":"\#(window)","value":"\#(String(repeating: "€", count: 330_000))"}"#))
        usleep(3_000_000)
        round.record("daemon CPU s in the 3 s after", round.daemon.probe.cpuSeconds() - cpu, decimals: 2)
        let answer = client.waitForInput(milliseconds: 0) ? try client.readLine() : nil
        round.say("the update", answer.map(answered) ?? "no answer in 3 s")
    }

    static let actions = optionStall(
        name: "actions", title: "`present` of `actions` with 58,000 labels, a 1 MB line (uid 0)",
        [
            (
                "present",
                request(
                    "present",
                    #"{"kind":"actions","options":{"actions":[\#(numbered(58_000) { #"{"label":"\#($0)"}"# })]}}"#)
            )
        ])

    static let form = optionStall(
        name: "form", title: "`present` of a `form` with 25,000 fields, then one `update` of them all (uid 0)",
        [
            (
                "present",
                request(
                    "present",
                    #"{"kind":"form","options":{"fields":[\#(numbered(25_000) { #"{"name":"\#($0)","kind":"text"}"# })]}}"#
                )
            ),
            ("update", request("update", #"{"value":{\#(numbered(25_000) { #""\#($0)":"x""# })}}"#)),
        ])

    static let tree = optionStall(
        name: "tree", title: "`present` of `custom` with a 70,000-key `tree` (uid 0)",
        [
            (
                "present",
                request(
                    "present", #"{"kind":"custom","options":{"tree":{\#(numbered(70_000) { #""\#($0)":["a"]"# })}}}"#)
            )
        ])

    /// Requests sent one after another, each answered before the next: how
    /// long each took and what it got.
    static func optionStall(name: String, title: String, _ requests: [(name: String, line: String)]) -> HostileAttack {
        HostileAttack(name: name, title: title) { round in
            let client = try LoadConnection(socketPath: round.socket)
            for (method, line) in requests {
                let start = ContinuousClock.now
                client.send(line)
                guard client.waitForInput(milliseconds: 120_000) else {
                    throw BenchmarkFailure("\(method): no answer in 120 s")
                }
                let answer = try client.readLine()
                round.record("\(method) answered, ms", seconds(since: start) * 1000, decimals: 1)
                round.say(method, answered(answer))
            }
        }
    }

    static let titles = HostileAttack(
        name: "titles", title: "50 `present`s with a 1 MiB title, the most a 1 MiB line holds (uid 0)"
    ) { round in
        let client = try LoadConnection(socketPath: round.socket)
        let title = String(repeating: "x", count: 1_048_576 - 200)
        var answers: [String] = []
        for _ in 0..<50 {
            answers.append(answered(try client.call(request("present", #"{"kind":"text","title":"\#(title)"}"#))))
        }
        round.say("the presents", Set(answers).sorted().joined(separator: ", "))
    }

    /// "accepted", or "refused" with the error's code.
    static func answered(_ line: String) -> String {
        guard let code = line.field("code") else { return "accepted" }
        return "refused \(code)"
    }

    /// `count` elements made from five-digit numbers, joined by commas.
    static func numbered(_ count: Int, _ element: (String) -> String) -> String {
        (0..<count).map { element(String(100_000 + $0).dropFirst().description) }.joined(separator: ",")
    }
}

extension String {
    /// The first value of `"name":` in a JSON line, unquoted: enough for a
    /// window id or an error code.
    func field(_ name: String) -> String? {
        guard let range = range(of: "\"\(name)\":") else { return nil }
        let rest = self[range.upperBound...].drop { $0 == "\"" }
        return String(rest.prefix { $0 != "\"" && $0 != "," && $0 != "}" })
    }
}
