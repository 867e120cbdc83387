import PickerJSON
import Testing

@testable import PickerProtocol

/// The daemon's envelope, read from json-c's objects, says what
/// `RPCRequest.read` says of the whole line's tree: the same id (its text as
/// sent), method and params, or the same error with the same id.
@Suite struct RPCEnvelopeTests {
    static let lines = [
        #"{"jsonrpc":"2.0","id":1,"method":"ping"}"#,
        #"{"jsonrpc":"2.0","id":1e2,"method":"ping","params":null}"#,
        #"{"jsonrpc":"2.0","id":-0,"method":"ping"}"#,
        #"{"jsonrpc":"2.0","id":12345678901234567890123,"method":"ping"}"#,
        #"{"jsonrpc":"2.0","id":"a\u0000b","method":"ping"}"#,
        #"{"method":"present","id":null,"jsonrpc":"2.0","params":{"kind":"text","options":{"b":1,"a":2}}}"#,
        #"{"jsonrpc":"2.0","id":2,"method":"submit","params":{"value":1,"value":[2.50]}}"#,
        #"{"jsonrpc":"2.0","method":"dismiss","params":{"window":"w1-x"}}"#,
        #"{"jsonrpc":"2.0","id":[1],"method":"ping"}"#,
        #"{"jsonrpc":"2.0","id":{},"method":7}"#,
        #"{"jsonrpc":"1.0","id":3,"method":"ping"}"#,
        #"{"id":3,"method":"ping"}"#,
        #"{"jsonrpc":"2.0","id":4,"method":["ping"]}"#,
        #"{"jsonrpc":"2.0","id":5,"method":"ping","params":[1]}"#,
        #"{"jsonrpc":"2.0","id":6,"method":"ping","params":"x"}"#,
        #"{"jsonrpc":"2.0","id":true,"method":"ping"}"#,
        #"[1,2]"#, #""x""#, "null", "7",
    ]

    func both(_ line: String) throws -> (
        tree: Result<RPCRequest, RPCFailure>, document: Result<RPCEnvelope, RPCFailure>
    ) {
        let parser = JSONParser()
        return try Array(line.utf8).withUnsafeBytes { bytes in
            let parsed = try parser.parse(bytes, keepingNumberTextsOf: WireName.id.rawValue)
            let document = try parser.document(bytes)
            return (RPCRequest.read(parsed.value, idText: parsed.numberTexts[0]), RPCEnvelope.read(document.value))
        }
    }

    /// `readMessage` tells a client's answer apart in the same read as the
    /// envelope; anything else reads as `read` reads it.
    @Test func aClientsAnswerIsToldApartFromARequest() throws {
        let parser = JSONParser()
        func message(_ line: String) throws -> RPCEnvelope.Message {
            try Array(line.utf8).withUnsafeBytes { bytes in RPCEnvelope.readMessage(try parser.document(bytes).value) }
        }
        for answer in [
            #"{"jsonrpc":"2.0","id":"b1","result":{"entries":[]}}"#, #"{"id":"b1","error":{"code":1}}"#,
            #"{"result":null}"#,
        ] {
            guard case .answer = try message(answer) else {
                Issue.record("\(answer) is an answer")
                continue
            }
        }
        for line in Self.lines + [#"{"jsonrpc":"2.0","id":9,"method":null,"result":1}"#, #"{"id":9}"#] {
            let (_, document) = try both(line)
            switch (try message(line), document) {
            case (.request(let read), .success(let envelope)):
                #expect(read.method == envelope.method && read.id == envelope.id, "\(line)")
            case (.failure(let read), .failure(let failure)):
                #expect(read == failure, "\(line)")
            default:
                Issue.record("\(line): not read as read reads it")
            }
        }
    }

    @Test func theEnvelopeReadsAsTheTreeDoes() throws {
        for line in Self.lines {
            let (tree, document) = try both(line)
            switch (tree, document) {
            case (.success(let request), .success(let envelope)):
                #expect(envelope.id == request.id, "\(line)")
                #expect(envelope.method == request.method, "\(line)")
                #expect(ObjectReader(envelope.params) { $0 }.members == request.params, "\(line)")
                var echoed: [UInt8] = []
                envelope.id?.serialize(into: &echoed)
                var sent: [UInt8] = []
                request.id?.serialize(into: &sent)
                #expect(echoed == sent, "\(line): the id echoed as sent")
            case (.failure(let treeFailure), .failure(let documentFailure)):
                #expect(documentFailure == treeFailure, "\(line)")
            default:
                Issue.record("\(line): \(tree) but \(document)")
            }
        }
    }

    @Test func idsAreEchoedAsSent() throws {
        for (id, echoed) in [
            ("1e2", "1e2"), ("-0", "-0"), ("12345678901234567890123", "12345678901234567890123"), ("1.50", "1.50"),
            ("42", "42"),
        ] {
            let (_, document) = try both(#"{"jsonrpc":"2.0","id":\#(id),"method":"ping"}"#)
            var bytes: [UInt8] = []
            try document.get().id?.serialize(into: &bytes)
            #expect(String(decoding: bytes, as: UTF8.self) == echoed)
        }
    }

    /// A method reads its params from json-c's objects with the same checks and sentences.
    @Test func paramsAreReadAsTheMethodReadsThem() throws {
        let (_, document) = try both(
            #"{"jsonrpc":"2.0","id":1,"method":"present","params":{"kind":"text","title":"T","options":{"b":1,"a":2},"tag":"t"}}"#
        )
        let present = try Present(params: try document.get().params)
        #expect(present.kind == "text" && present.title == "T" && present.tag == "t")
        #expect(present.options.keys == ["b", "a"], "member order kept")
        let (_, unknown) = try both(
            #"{"jsonrpc":"2.0","id":1,"method":"present","params":{"kind":"text","titel":"T"}}"#)
        let expected = Self.presentError(.tree(JSONObject(["kind": "text", "titel": "T"])))
        #expect(expected.code == .invalidParams && expected.message.contains("titel"))
        #expect(Self.presentError(try unknown.get().params) == expected)
    }

    static func presentError(_ params: JSONMembers) -> RPCError {
        do {
            _ = try Present(params: params)
            return RPCError(.internalError, "read")
        } catch {
            return error
        }
    }
}
