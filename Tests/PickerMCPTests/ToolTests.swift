import PickerJSON
import PickerProtocol
import Testing

@testable import PickerMCP

/// The tools' arguments as pickerd windows, their schemas, and their results.
@Suite struct ToolTests {
    @Test func theCommonArgumentsBecomeThePresentsParams() throws {
        let question = try Question(
            tool: .askText, arguments: ["title": "Name?", "message": "for the badge", "level": "alert", "timeout_s": 1.5, "placeholder": "Ada"])
        #expect(question.presentation.kind == "text")
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
        #expect(date.presentation.kind == "date" && date.presentation.options == ["mode": "datetime", "min": "today", "minute_interval": 15])
        let tree: JSON = ["Zhejiang": ["Hangzhou", "Ningbo"], "Jiangsu": ["Nanjing"]]
        let choose = try Question(tool: .choose, arguments: ["tree": tree, "labels": ["Province", "City"]])
        #expect(choose.presentation.kind == "custom" && choose.presentation.options["tree"] == tree)
        #expect(choose.presentation.options["tree"]?.objectValue?.keys == ["Zhejiang", "Jiangsu"], "the order the agent gave")
        let form = try Question(tool: .askForm, arguments: ["message": "Please", "schema": ["properties": ["x": ["type": "boolean", "description": "ok?"]]]])
        #expect(form.presentation.kind == "form" && form.presentation.message == "Please\nx: ok?")
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
        #expect(sentence(.askText, ["secure": true]) == "ask_text has no secure option: secrets are never asked through MCP")
        #expect(sentence(.askText, ["titel": "x"])?.hasPrefix("there is no argument 'titel'; the arguments here are title, message, level, timeout_s, placeholder") == true)
        #expect(sentence(.askDate, ["timeout_s": 0]) == "'timeout_s' must be a positive number of seconds, not 0")
        #expect(sentence(.askDate, ["level": true]) == "'level' must be a level name (normal, statusBar, alert) or an integer, not a boolean")
        #expect(sentence(.askForm, [:]) == "'schema' is required")
        #expect(sentence(.choose, ["title": 3]) == "'title' must be a string, not an integer")
    }

    @Test func confirmOffersYesAndNoUnlessGivenActionsAndAnswersTheLabelAndRole() throws {
        let plain = try Question(tool: .confirm, arguments: [:])
        #expect(plain.presentation.kind == "actions")
        #expect(plain.presentation.options == ["actions": [["label": "Yes", "role": "default"], ["label": "No", "role": "cancel"]]])
        #expect(plain.read(["index": 1, "label": "No"]) == .value(["label": "No", "role": "cancel", "index": 1]))
        let deploy = try Question(tool: .confirm, arguments: ["actions": [["label": "Deploy", "role": "destructive"], ["label": "Later"]]])
        #expect(deploy.read(["index": 0, "label": "Deploy"]) == .value(["label": "Deploy", "role": "destructive", "index": 0]))
        #expect(deploy.read(["index": 1, "label": "Later"]) == .value(["label": "Later", "role": "default", "index": 1]))
    }

    @Test func askingAgainKeepsTheAnswersAndSaysWhatToChange() throws {
        let question = try Question(
            tool: .askForm, arguments: ["message": "Trip", "timeout_s": 60, "schema": ["properties": ["n": ["type": "integer", "maximum": 1000]]]])
        let again = question.askingAgain(after: ["n": "2000"], problems: ["“n” must be at most 1000; 2000 is more"], timeoutMilliseconds: 30_000)
        #expect(again.presentation.message == "Trip\nPlease change: “n” must be at most 1000; 2000 is more.")
        #expect(again.presentation.options[FormOption.fields]?.arrayValue?.first?["options"]?["initial"] == "2000")
        #expect(again.presentation.timeoutMilliseconds == 30_000, "what is left of timeout_s")
    }

    @Test func everyToolHasAnInputSchemaAndTheAskingOnesTakeTheCommonArguments() throws {
        let tools = ToolCatalog.tools
        #expect(tools.map { $0["name"]?.stringValue } == ["ask_text", "ask_date", "choose", "confirm", "ask_form", "present", "await"])
        for tool in tools {
            #expect(tool["inputSchema"]?["type"] == "object")
            #expect(tool["description"]?.stringValue?.isEmpty == false)
        }
        for tool in tools.prefix(5) {
            let properties = try #require(tool["inputSchema"]?["properties"]?.objectValue)
            #expect(Array(properties.keys.prefix(4)) == ["title", "message", "level", "timeout_s"])
        }
        let properties = { (index: Int) in tools[index]["inputSchema"]?["properties"]?.objectValue?.keys ?? [] }
        #expect(!properties(0).contains("secure"), "no secure text")
        #expect(properties(0).contains("min_length") && properties(0).contains("pattern"))
        #expect(properties(1).contains("mode") && properties(1).contains("minute_interval"))
        #expect(properties(2).contains("columns") && properties(2).contains("tree"))
        #expect(properties(3) == ["title", "message", "level", "timeout_s", "actions"])
        #expect(tools[4]["inputSchema"]?["required"] == ["schema"])
        #expect(tools[6]["inputSchema"]?["required"] == ["window"])
    }

    @Test func anAnswerIsStructuredAndTheSameAsText() {
        let reply = ToolReply.answer(["prod", "eu"], window: WindowID("w3-abc"))
        #expect(reply.json == ["content": [["type": "text", "text": #"{"value":["prod","eu"],"window":"w3-abc"}"#]], "structuredContent": ["value": ["prod", "eu"], "window": "w3-abc"]])
    }

    @Test func anEndWithoutAnAnswerIsAnErrorWithASentence() {
        let sentence = ToolReply.sentence(for: .cancelled, name: "“Deploy?”", timeoutMilliseconds: nil)
        #expect(sentence == "the person cancelled “Deploy?”")
        #expect(ToolReply.sentence(for: .timeout, name: "window w1", timeoutMilliseconds: 1500) == "nobody answered window w1 within 1.5 s")
        let reply = ToolReply.failure(sentence, window: WindowID("w1"), reason: .cancelled)
        #expect(reply.json["isError"] == true)
        #expect(reply.json["content"]?.arrayValue?.first?["text"] == .string(sentence))
        #expect(reply.json["structuredContent"] == ["error": .string(sentence), "window": "w1", "reason": "cancelled"])
    }

    @Test func initializeAgreesOnAVersionBothSpeak() {
        #expect(MCPServer.initializeResult(["protocolVersion": "2025-06-18"])["protocolVersion"] == "2025-06-18")
        #expect(MCPServer.initializeResult(["protocolVersion": "2099-01-01"])["protocolVersion"] == "2025-11-25", "else its newest")
        #expect(MCPServer.initializeResult([:])["capabilities"] == ["tools": ["listChanged": false]])
    }
}
