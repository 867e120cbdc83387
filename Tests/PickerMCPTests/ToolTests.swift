import PickerJSON
import PickerProtocol
import PickerSystem
import Testing

@testable import PickerMCP

/// The tools' arguments as pickerd windows, their schemas, and their results.
@Suite struct ToolTests {
    @Test func theCommonArgumentsBecomeThePresentsParams() throws {
        let question = try Question(
            tool: .askText,
            arguments: [
                "title": "Name?", "message": "for the badge", "level": "alert", "timeout_s": 1.5, "placeholder": "Ada",
            ])
        #expect(question.presentation.kind == BuiltInKind.text.name)
        #expect(question.presentation.title == "Name?" && question.presentation.message == "for the badge")
        #expect(question.presentation.level == .named("alert"))
        #expect(question.presentation.timeoutMilliseconds == 1500)
        #expect(question.presentation.options == ["placeholder": "Ada"])
        #expect(question.presentation.onDisconnect == .dismiss, "the window ends soon after the server does")
        #expect(try Question(tool: .askDate, arguments: ["level": 2000]).presentation.level == .value(2000))
        #expect(try Question(tool: .askDate, arguments: ["level": "2000"]).presentation.level == .value(2000))
    }

    @Test func eachAskingToolIsItsKindWithItsOptionsAsGiven() throws {
        let date = try Question(tool: .askDate, arguments: ["mode": "datetime", "min": "today", "minute_interval": 15])
        #expect(date.presentation.kind == BuiltInKind.date.name)
        #expect(date.presentation.options == ["mode": "datetime", "min": "today", "minute_interval": 15])
        let tree: JSON = ["Zhejiang": ["Hangzhou", "Ningbo"], "Jiangsu": ["Nanjing"]]
        let pick = try Question(tool: .pick, arguments: ["tree": tree, "labels": ["Province", "City"]])
        #expect(pick.presentation.kind == BuiltInKind.custom.name && pick.presentation.options["tree"] == tree)
        #expect(
            pick.presentation.options["tree"]?.objectValue?.keys == ["Zhejiang", "Jiangsu"], "the order the agent gave")
        let form = try Question(
            tool: .askForm,
            arguments: [
                "message": "Please", "schema": ["properties": ["x": ["type": "boolean", "description": "ok?"]]],
            ])
        #expect(form.presentation.kind == BuiltInKind.form.name && form.presentation.message == "Please\nx: ok?")
    }

    @Test func mistakesAreOneSentenceForTheAgent() {
        func sentence(_ tool: ToolName, _ arguments: JSONObject) -> String? {
            do {
                _ = try Question(tool: tool, arguments: arguments)
                return nil
            } catch {
                return error.message
            }
        }
        #expect(
            sentence(.askText, ["secure": true]) == "ask_text has no secure option: secrets are never asked through MCP"
        )
        #expect(
            sentence(.askText, ["titel": "x"])?.hasPrefix(
                "there is no argument 'titel'; the arguments here are title, message, level, timeout_s, placeholder")
                == true)
        #expect(sentence(.askDate, ["timeout_s": 0]) == "'timeout_s' must be a positive number of seconds, not 0")
        #expect(
            sentence(.askDate, ["level": true])
                == "'level' must be a level name (normal, statusBar, alert) or an integer, not a boolean")
        #expect(sentence(.askForm, [:]) == "'schema' is required")
        #expect(sentence(.choose, ["title": 3]) == "'title' must be a string, not an integer")
    }

    @Test func confirmOffersYesAndNoUnlessGivenActionsAndAnswersTheLabelAndRole() throws {
        let plain = try Question(tool: .confirm, arguments: [:])
        #expect(plain.presentation.kind == BuiltInKind.actions.name)
        #expect(
            plain.presentation.options == [
                "actions": [["label": "Yes", "role": "default"], ["label": "No", "role": "cancel"]]
            ])
        #expect(plain.read(["index": 1, "label": "No"]) == .value(["label": "No", "role": "cancel", "index": 1]))
        let deploy = try Question(
            tool: .confirm, arguments: ["actions": [["label": "Deploy", "role": "destructive"], ["label": "Later"]]])
        #expect(
            deploy.read(["index": 0, "label": "Deploy"])
                == .value(["label": "Deploy", "role": "destructive", "index": 0]))
        #expect(
            deploy.read(["index": 1, "label": "Later"]) == .value(["label": "Later", "role": "default", "index": 1]))
    }

    @Test func askingAgainKeepsTheAnswersAndSaysWhatToChange() throws {
        let question = try Question(
            tool: .askForm,
            arguments: [
                "message": "Trip", "timeout_s": 60,
                "schema": ["properties": ["n": ["type": "integer", "maximum": 1000]]],
            ])
        let again = question.askingAgain(
            after: ["n": "2000"], problems: ["“n” must be at most 1000; 2000 is more"], timeoutMilliseconds: 30_000)
        #expect(again.presentation.message == "Trip\nPlease change: “n” must be at most 1000; 2000 is more.")
        #expect(again.presentation.options[FormOption.fields]?.arrayValue?.first?["options"]?["initial"] == "2000")
        #expect(again.presentation.timeoutMilliseconds == 30_000, "what is left of timeout_s")
    }

    /// One vocabulary with pickerctl: `choose` asks with a list (as `pickerctl
    /// choose` does), `pick` with columns or a tree (`pickerctl custom`).
    @Test func chooseIsAListAndPickIsColumnsOrATree() throws {
        let choose = try Question(tool: .choose, arguments: ["choices": ["api", "web"], "multiple": true, "min": 1])
        #expect(choose.presentation.kind == BuiltInKind.list.name)
        #expect(choose.presentation.options == ["choices": ["api", "web"], "multiple": true, "min": 1])
        #expect(choose.read(["web"]) == .value(["web"]), "the list's chosen strings are the value")
        let pick = try Question(tool: .pick, arguments: ["columns": [["prod", "staging"], ["us", "eu"]]])
        #expect(pick.presentation.kind == BuiltInKind.custom.name)
        #expect(throws: ToolInputError.self, "choose takes no columns") {
            try Question(tool: .choose, arguments: ["columns": [["a"]]])
        }
        #expect(throws: ToolInputError.self, "pick takes no choices") {
            try Question(tool: .pick, arguments: ["choices": ["a"]])
        }
        #expect(
            ToolCatalog.description(.choose).contains("pickerctl choose")
                && ToolCatalog.description(.choose).contains("use pick"))
        #expect(
            ToolCatalog.description(.pick).contains("pickerctl custom")
                && ToolCatalog.description(.pick).contains("use choose"))
    }

    /// Every built-in kind but progress (moved by its asker) and file (an
    /// agent has its own filesystem) has its asking tool, and every asking
    /// tool its kind (`approve` asks with a form of two kinds).
    @Test func eachKindHasOneAskingTool() {
        let asked = BuiltInKind.allCases.filter { $0 != .progress && $0 != .file }
        #expect(BuiltInKind.progress.tool == nil && BuiltInKind.file.tool == nil)
        #expect(Set(asked.compactMap(\.tool)) == Set(ToolName.asking).subtracting([.approve]))
        #expect(asked.count + 1 == ToolName.asking.count)
        #expect(ToolName.approve.kind == .form)
        for kind in asked { #expect(kind.tool?.kind == kind) }
        #expect(ToolName.present.kind == nil && ToolName.await.kind == nil)
    }

    /// A kind's options, spelled by PickerProtocol, each with pickerd's schema for it.
    static let described: [BuiltInKind: JSONObject] = Dictionary(
        uniqueKeysWithValues: BuiltInKind.allCases.map { kind in
            (kind, JSONObject(kind.optionNames.map { ($0, ["description": .string("pickerd's \(kind) \($0)")]) }))
        })

    @Test func everyToolHasAnInputSchemaAndTheAskingOnesTakeTheCommonArguments() throws {
        let tools = ToolCatalog.tools(describedBy: Self.described)
        #expect(
            tools.map { $0["name"]?.stringValue } == [
                "ask_text", "ask_date", "ask_number", "choose", "pick", "confirm", "ask_form", "approve", "present",
                "await",
            ])
        for tool in tools {
            #expect(tool["inputSchema"]?["type"] == "object")
            #expect(tool["description"]?.stringValue?.isEmpty == false)
        }
        let schemas = Dictionary(
            uniqueKeysWithValues: tools.map { ($0["name"]?.stringValue ?? "", $0["inputSchema"] ?? .null) })
        let properties = { (tool: ToolName) in schemas[tool.rawValue]?["properties"]?.objectValue?.keys ?? [] }
        for tool in ToolName.asking {
            #expect(Array(properties(tool).prefix(4)) == ["title", "message", "level", "timeout_s"])
        }
        #expect(!properties(.askText).contains("secure"), "no secure text")
        #expect(properties(.askText).contains("min_length") && properties(.askText).contains("pattern"))
        #expect(properties(.askDate).contains("mode") && properties(.askDate).contains("minute_interval"))
        #expect(properties(.choose).contains("choices") && properties(.choose).contains("multiple"))
        #expect(properties(.pick).contains("columns") && properties(.pick).contains("tree"))
        #expect(properties(.confirm) == ["title", "message", "level", "timeout_s", "actions"])
        #expect(schemas["ask_form"]?["required"] == ["schema"])
        #expect(schemas["await"]?["required"] == ["window"])
        #expect(
            schemas["present"]?["properties"]?["tool"]?["enum"] == [
                "ask_text", "ask_date", "ask_number", "choose", "pick", "confirm", "ask_form", "approve",
            ])
        #expect(properties(.approve) == ["title", "message", "level", "timeout_s", "details"])
    }

    /// Every tool declares an output schema of an object, an answer or an error.
    @Test func everyToolDeclaresAnOutputSchema() {
        for tool in ToolCatalog.tools(describedBy: nil) {
            let schema = tool["outputSchema"]
            #expect(schema?["type"] == "object", "\(tool["name"] ?? .null)")
            let required = schema?["anyOf"]?.arrayValue?.compactMap { $0["required"] }
            #expect(required?.last == ["error"], "an error result is {error, window?, reason?}")
        }
        #expect(OutputSchemas.answer(.approve)["required"] == ["approved", "window"])
        #expect(OutputSchemas.answer(.choose)["properties"]?["value"]?["type"] == "array")
        #expect(OutputSchemas.schema(.await)["anyOf"]?.arrayValue?.count == ToolName.asking.count + 1)
    }

    /// approve: a form of a decision that starts unset and an optional
    /// reason; the details follow the message in full; a rejection is an answer.
    @Test func approveIsAFormOfADecisionAndAReasonWithTheDetailsInFull() throws {
        let details = "--- a\n+++ b\n-x\n+y"
        let question = try Question(
            tool: .approve, arguments: ["title": "Deploy?", "message": "to prod", "details": .string(details)])
        #expect(question.presentation.kind == BuiltInKind.form.name)
        #expect(question.presentation.message == "to prod\n\n" + details)
        let fields = question.presentation.options["fields"]?.arrayValue ?? []
        #expect(fields.map { $0["name"] } == ["decision", "reason"])
        #expect(fields[0]["kind"] == "list" && fields[0]["required"] == true && fields[0]["options"]?["initial"] == nil)
        #expect(fields[1]["kind"] == "text" && fields[1]["required"] == false)
        #expect(!question.asksForASecret)
        #expect(question.read(["decision": ["Approve"]]) == .value(["approved": true]))
        #expect(
            question.read(["decision": ["Reject"], "reason": "not on Friday"])
                == .value(["approved": false, "reason": "not on Friday"]))
        #expect(question.read(["decision": ["Approve"], "reason": "  "]) == .value(["approved": true]))
        #expect(try Question(tool: .approve, arguments: ["details": "x"]).presentation.message == "x")
        let reply = ToolReply.answer(
            ["approved": false, "reason": "no"], window: WindowID("w1-a"),
            answeredBy: AnsweredBy(uid: 1000, user: "ada"),
            inPlaceOfValue: true)
        #expect(!reply.isError)
        #expect(
            reply.structured == [
                "approved": false, "reason": "no", "window": "w1-a", "answered_by": ["uid": 1000, "user": "ada"],
            ])
    }

    /// Each asking tool's options are its kind's (PickerProtocol's names, the
    /// ones `Question` takes), each described by pickerd's schema; without
    /// pickerd, by its name alone.
    @Test func theToolsOptionsAreTheirKindsDescribedByPickerd() throws {
        for described in [Self.described, nil] {
            let tools = ToolCatalog.tools(describedBy: described)
            for kind in BuiltInKind.allCases {
                guard let name = kind.tool?.rawValue else { continue }  // progress has no tool
                let tool = try #require(tools.first { $0["name"]?.stringValue == name })
                let properties = try #require(tool["inputSchema"]?["properties"]?.objectValue)
                #expect(
                    Array(properties.keys.dropFirst(Question.commonArguments.count))
                        == (kind == .form ? ["schema"] : kind.toolOptionNames))
                for name in kind.toolOptionNames {
                    let said = properties[name]?["description"]?.stringValue ?? ""
                    #expect(
                        described == nil ? said.contains(ToolCatalog.undescribed) : said == "pickerd's \(kind) \(name)",
                        "\(kind) \(name)")
                }
            }
        }
        #expect(BuiltInKind.text.toolOptionNames == TextOption.names.filter { $0 != "secure" })
    }

    @Test func onlyTheBuiltInKindsOfAPluginsAnswerDescribeTools() {
        let answer: [JSON] = [
            [
                "kind": "list", "summary": "",
                "options": ["type": "object", "properties": ["choices": ["type": "array"]]],
            ],
            [
                "kind": "env", "summary": "", "base": "list",
                "options": ["type": "object", "properties": ["choices": ["type": "string"]]],
            ],
            ["kind": "color", "summary": "", "options": ["properties": ["rgb": [:]]]],
        ]
        let plugins = answer.compactMap(PluginDescription.init(json:))
        #expect(KindSchemas.optionSchemas(of: plugins) == [.list: ["choices": ["type": "array"]]])
    }

    /// Without pickerd, tools/list still lists every tool, each option by its
    /// name alone, so a host that starts the server first still sees them.
    @Test func toolsListAnswersWithoutPickerd() async throws {
        let written = Locked<[UInt8]>([])
        let server = MCPServer(socketPath: SessionReachTests.noDaemon, maxLevel: Asker.defaultMaxLevel) { line in
            written.withLock { $0 += line }
        }
        await server.serve(Array(#"{"jsonrpc":"2.0","id":7,"method":"tools/list"}"#.utf8) + [0x0A])
        let reply = try JSON.parse(String(decoding: written.withLock { $0 }.dropLast(), as: UTF8.self))
        #expect(reply["id"] == 7)
        let tools = try #require(reply["result"]?["tools"]?.arrayValue)
        #expect(tools.map { $0["name"]?.stringValue } == ToolName.allCases.map(\.rawValue))
        let choices = tools.first { $0["name"] == "choose" }?["inputSchema"]?["properties"]?[ListOption.choices]
        #expect(choices?["description"]?.stringValue?.contains(ToolCatalog.undescribed) == true, "\(choices ?? .null)")
    }

    /// A pickerd that accepts and never answers (or another program at its
    /// path) holds tools/list up only for the patience given, then the tools
    /// are listed without its schemas. The limit is generous: on a 2-core
    /// machine the two threads of the cooperative pool may be held for a
    /// minute or more by other suites' long synchronous tests.
    @Test(.timeLimit(.minutes(5))) func aSilentPickerdDoesNotHoldUpToolsList() async throws {
        let silent = try SilentSocket()
        let patience: Duration = .milliseconds(300)
        let started = ContinuousClock.now
        let described = await KindSchemas(socketPath: silent.path, patience: patience).optionSchemas()
        let waited = ContinuousClock.now - started
        #expect(described == nil)
        #expect(waited >= patience, "it connected and waited: \(waited)")
    }

    @Test func anAnswerIsStructuredAndTheSameAsText() {
        let reply = ToolReply.answer(["prod", "eu"], window: WindowID("w3-abc"))
        #expect(
            reply.json == [
                "content": [["type": "text", "text": #"{"value":["prod","eu"],"window":"w3-abc"}"#]],
                "structuredContent": ["value": ["prod", "eu"], "window": "w3-abc"],
            ])
    }

    @Test func anEndWithoutAnAnswerIsAnErrorWithASentence() {
        let sentence = ToolReply.sentence(for: .cancelled, name: "“Deploy?”", timeoutMilliseconds: nil)
        #expect(sentence == "the person cancelled “Deploy?”")
        #expect(
            ToolReply.sentence(for: .timeout, name: "window w1", timeoutMilliseconds: 1500)
                == "nobody answered window w1 within 1.5 s")
        let reply = ToolReply.failure(sentence, window: WindowID("w1"), reason: .cancelled)
        #expect(reply.json["isError"] == true)
        #expect(reply.json["content"]?.arrayValue?.first?["text"] == .string(sentence))
        #expect(reply.json["structuredContent"] == ["error": .string(sentence), "window": "w1", "reason": "cancelled"])
    }

    @Test func initializeAgreesOnAVersionBothSpeak() {
        #expect(MCPServer.initializeResult(["protocolVersion": "2025-06-18"])["protocolVersion"] == "2025-06-18")
        #expect(
            MCPServer.initializeResult(["protocolVersion": "2099-01-01"])["protocolVersion"] == "2025-11-25",
            "else its newest")
        #expect(MCPServer.initializeResult([:])["capabilities"] == ["tools": ["listChanged": false]])
    }
}
