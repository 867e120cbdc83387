import PickerJSON
import PickerProtocol

#if canImport(Glibc)
import Glibc
#endif

/// The daemon's parse path alone, in process: a request line read into its
/// method's params, the two ways the code has. `tree`: the whole line made a
/// `JSON` first (`JSONParser.parse(_:keepingNumberTextsOf:)`, then
/// `RPCRequest.read`), as pickerd did before its envelope was read from
/// json-c's objects; `document`: the envelope read from json-c's objects and
/// the params converted as the method reads them (`JSONParser.document`,
/// `RPCEnvelope.read`), as pickerd does now. Both end with the method's
/// params read (`Method(params:)`). Thread CPU time, so the shared machine's
/// other work counts less than in wall time.
struct ParseBenchmark {
    var rounds = 9
    var linesPerRound = 200_000

    private struct Line {
        let name: String
        let bytes: [UInt8]
        let tree: (JSONParser, UnsafeRawBufferPointer) throws -> Void
        let document: (JSONParser, UnsafeRawBufferPointer) throws -> Void

        init<Method: PickerMethod>(_ name: String, _ method: Method) {
            self.name = name
            bytes = Array(TypedRequest.line(method, id: 7).utf8)
            tree = { parser, bytes in
                let parsed = try parser.parse(bytes, keepingNumberTextsOf: WireName.id.rawValue)
                let request = try RPCRequest.read(parsed.value, idText: parsed.numberTexts[0]).get()
                _ = try Method(params: request.params)
            }
            document = { parser, bytes in
                let document = try parser.document(bytes)
                let request = try RPCEnvelope.read(document.value).get()
                _ = try Method(params: request.params)
            }
        }
    }

    private var lines: [Line] {
        [
            Line("ping", Ping()),
            Line(
                "present (text, options)",
                Present(
                    kind: "text", title: "Deploy", message: "Which branch?",
                    options: JSONObject(["max_length": 40, "placeholder": "main"]), timeoutMilliseconds: 60_000,
                    tag: "ci")),
            Line("submit", Submit(window: WindowID("w12-abcdefgh"), value: "a value of some length")),
        ]
    }

    func run() throws -> [TargetCheck] {
        print("the parse path: a request line read into its method's params, in process")
        print("(\(rounds) alternating rounds of \(linesPerRound) lines; thread CPU ns per line, medians, min–max)\n")
        let parser = JSONParser()
        let table = ComparisonTable(columns: ["tree (before)", "document (now)"], ratio: "now/before")
        for line in lines {
            var tree = Sample()
            var document = Sample()
            for _ in 0..<rounds {
                tree.add(try measure(line.bytes) { try line.tree(parser, $0) })
                document.add(try measure(line.bytes) { try line.document(parser, $0) })
            }
            table.row(line.name, tree, document)
        }
        return []
    }

    private func measure(_ bytes: [UInt8], _ body: (UnsafeRawBufferPointer) throws -> Void) throws -> Double {
        try bytes.withUnsafeBytes { buffer in
            let start = threadCPUNanoseconds()
            for _ in 0..<linesPerRound { try body(buffer) }
            return Double(threadCPUNanoseconds() - start) / Double(linesPerRound)
        }
    }

    private func threadCPUNanoseconds() -> Int64 {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return Int64(time.tv_sec) * 1_000_000_000 + Int64(time.tv_nsec)
    }
}
