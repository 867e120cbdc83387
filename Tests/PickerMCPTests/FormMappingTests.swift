import PickerJSON
import PickerProtocol
import PickerTestSupport
import Testing

@testable import PickerMCP

/// ask_form's schema as a form window's fields, and the form's value read back.
@Suite struct FormMappingTests {
    /// One property of every supported type, in a deliberate order.
    static let schema: JSON = [
        "type": "object",
        "properties": [
            "name": [
                "type": "string", "title": "Your name", "minLength": 2, "maxLength": 40,
                "description": "as on the badge",
            ],
            "email": ["type": "string", "format": "email"],
            "born": ["type": "string", "format": "date", "default": "1990-01-01"],
            "meeting": ["type": "string", "format": "date-time"],
            "guests": ["type": "integer", "minimum": 0, "maximum": 5, "default": 1],
            "budget": ["type": "integer", "minimum": 0],
            "ratio": ["type": "number", "minimum": -1.5, "maximum": 2.5],
            "vegan": ["type": "boolean", "default": false, "description": "no animal products"],
            "size": ["type": "string", "enum": ["s", "m", "l"], "enumNames": ["Small", "Medium", "Large"]],
            "team": [
                "type": "string",
                "oneOf": [["const": "red", "title": "Red team"], ["const": "blue", "title": "Blue team"]],
            ],
            "days": ["type": "array", "items": ["enum": ["mon", "tue", "wed"]], "minItems": 1, "maxItems": 2],
        ],
        "required": ["name", "guests", "vegan"],
    ]

    func fields() throws -> [JSON] {
        let mapping = try FormMapping(schema: Self.schema)
        return try #require(mapping.formOptions[FormOption.fields]?.arrayValue)
    }

    @Test func everyPropertyBecomesAFieldOfItsKindInTheSchemasOrder() throws {
        let fields = try fields()
        #expect(
            fields.map { $0["name"]?.stringValue } == [
                "name", "email", "born", "meeting", "guests", "budget", "ratio", "vegan", "size", "team", "days",
            ])
        #expect(
            fields.map { $0["kind"]?.stringValue } == [
                "text", "text", "date", "date", "number", "text", "text", "list", "list", "list", "list",
            ])
        #expect(
            fields.map { $0["required"]?.boolValue } == [
                true, false, false, false, true, false, false, true, false, false, false,
            ])
        #expect(
            fields[0]["label"] == "Your name" && fields[1]["label"] == "email",
            "the title labels a field, else its name")
    }

    @Test func eachFieldTakesTheOptionsItsPropertySays() throws {
        let fields = try fields()
        #expect(fields[0]["options"] == ["min_length": 2, "max_length": 40, "placeholder": "as on the badge"])
        #expect(fields[1]["options"]?["pattern"] == .string(FormMapping.formatPatterns["email"]!.pattern))
        #expect(
            fields[1]["options"]?["pattern_description"] == "an email address",
            "the person is told what to type in words, not by the regular expression")
        #expect(fields[2]["options"] == ["mode": "date", "initial": "1990-01-01"])
        #expect(fields[3]["options"] == ["mode": "datetime"])
        #expect(
            fields[4]["options"] == ["min": 0, "max": 5, "initial": 1],
            "an integer with both bounds is a number, whose value is the JSON number")
        #expect(fields[5]["options"]?["pattern"] == "[0-9]+", "no minus sign when the minimum is not negative")
        #expect(fields[5]["options"]?["placeholder"] == "a whole number of at least 0")
        #expect(
            fields[5]["options"]?["pattern_description"] == "a whole number of at least 0",
            "what else is typed is refused in words")
        #expect(fields[6]["options"]?["pattern"] == #"-?[0-9]+(\.[0-9]+)?"#)
        #expect(fields[6]["options"]?["placeholder"] == "a number from -1.5 to 2.5")
        #expect(fields[7]["options"] == ["choices": ["Yes", "No"], "values": [true, false], "initial": ["No"]])
        #expect(fields[8]["options"] == ["choices": ["Small", "Medium", "Large"], "values": ["s", "m", "l"]])
        #expect(fields[9]["options"] == ["choices": ["Red team", "Blue team"], "values": ["red", "blue"]])
        #expect(
            fields[10]["options"] == [
                "choices": ["mon", "tue", "wed"], "values": ["mon", "tue", "wed"], "multiple": true, "min": 1, "max": 2,
            ])
    }

    @Test func descriptionsNoFieldShowsBecomeLinesOfTheMessage() throws {
        #expect(try FormMapping(schema: Self.schema).notes == ["vegan: no animal products"])
    }

    @Test func anAnswerComesBackInTheSchemasNamesAndTypes() throws {
        let mapping = try FormMapping(schema: Self.schema)
        let answer: JSON = [
            "name": "Ada", "email": "ada@example.org", "born": "1815-12-10", "meeting": "2026-11-21T14:30:00+01:00",
            "guests": 3, "budget": "1200", "ratio": "0.25", "vegan": true, "size": "l",
            "team": "blue",
            "days": ["mon", "wed"],
        ]
        let expected: JSON = [
            "name": "Ada", "email": "ada@example.org", "born": "1815-12-10", "meeting": "2026-11-21T14:30:00+01:00",
            "guests": 3, "budget": 1200, "ratio": 0.25, "vegan": true, "size": "l", "team": "blue",
            "days": ["mon", "wed"],
        ]
        #expect(mapping.read(answer) == .value(expected))
    }

    @Test func optionalFieldsLeftEmptyAreAbsentAndNoIsFalse() throws {
        let mapping = try FormMapping(schema: Self.schema)
        #expect(
            mapping.read(["name": "Bo", "guests": 0, "vegan": false, "ratio": "-1"])
                == .value(["name": "Bo", "guests": 0, "ratio": -1, "vegan": false]))
    }

    /// pickerd's list gives the boolean itself (its values are true and
    /// false): anything else is no answer to read as No.
    @Test func aBooleanIsReadOnlyFromTrueOrFalse() throws {
        let mapping = try FormMapping(schema: Self.schema)
        #expect(mapping.read(["vegan": false]) == .value(["vegan": false]))
        #expect(mapping.read(["vegan": []]) == .problems(["“vegan” is neither true nor false: []"]))
    }

    @Test func aNumberOutOfBoundsIsAProblemToAskAgainAbout() throws {
        let mapping = try FormMapping(schema: Self.schema)
        #expect(mapping.read(["ratio": "3"]) == .problems(["“ratio” must be at most 2.5; 3 is more"]))
        let integers = try FormMapping(schema: [
            "properties": ["n": ["type": "integer", "minimum": 10]]
        ])
        #expect(
            try integers.formOptions[FormOption.fields]?.arrayValue?.first?["kind"] == "text",
            "without both bounds there is no scale")
        #expect(integers.read(["n": "9"]) == .problems(["“n” must be at least 10; 9 is less"]))
        #expect(integers.read(["n": "10"]) == .value(["n": 10]))
    }

    @Test func askingAgainStartsEachFieldAtItsAnswer() throws {
        let mapping = try FormMapping(schema: Self.schema)
        let fields = try #require(
            mapping.formOptions(startingAt: ["name": "Ada", "vegan": true])[FormOption.fields]?.arrayValue)
        #expect(fields[0]["options"]?["initial"] == "Ada")
        #expect(fields[7]["options"]?["initial"] == true, "the list takes its value as where it starts")
        #expect(fields[1]["options"]?["initial"] == nil)
    }

    /// Bounds a number cannot hold exactly, or more steps than a number scale
    /// takes, leave the integer typed as text.
    @Test func anIntegerScaleIsExactOrTypedAsText() throws {
        func kind(_ low: Int64, _ high: Int64) throws -> JSON? {
            let mapping = try FormMapping(schema: [
                "properties": ["n": ["type": "integer", "minimum": .integer(low), "maximum": .integer(high)]]
            ])
            return mapping.formOptions[FormOption.fields]?.arrayValue?.first?["kind"]
        }
        #expect(try kind(-100_000, 100_000) == "number")
        #expect(try kind(0, 1 << 53) == "number")
        #expect(try kind(0, (1 << 53) + 1) == "text")
        #expect(try kind(-(1 << 53), 1 << 53) == "text")
    }

    @Test func aSchemaPatternIsFoundAnywhereUnlessAnchored() {
        #expect(FormMapping.wholeMatch("[0-9]+") == ".*(?:[0-9]+).*")
        #expect(FormMapping.wholeMatch("^[a-z]+$") == "(?:[a-z]+)")
        #expect(FormMapping.wholeMatch("^ab") == "(?:ab).*")
        #expect(FormMapping.wholeMatch(#"cost\$"#) == #".*(?:cost\$).*"#, "an escaped dollar is no anchor")
    }

    /// Schemas outside the subset, and what the refusal says.
    static let refused: [(schema: JSON, sentence: String)] = {
        let object: JSON = ["properties": ["a": ["type": "object"]]]
        let sameTitles: JSON = [
            "properties": ["a": ["type": "string", "enum": ["x", "y"], "enumNames": ["Same", "Same"]]]
        ]
        let unknownRequired: JSON = ["properties": ["a": ["type": "string"]], "required": ["b"]]
        let noProperties: JSON = ["properties": [:]]
        let notAnObject: JSON = ["type": "array", "properties": ["a": ["type": "string"]]]
        let bounds: JSON = ["properties": ["a": ["type": "integer", "minimum": 5, "maximum": 1]]]
        let array: JSON = ["properties": ["a": ["type": "array", "items": ["type": "string"]]]]
        let negativeLength: JSON = ["properties": ["a": ["type": "string", "minLength": -1]]]
        let objectConst: JSON = ["properties": ["a": ["oneOf": [["const": ["x": 1], "title": "X"]]]]]
        return [
            (object, "'schema.properties.a' has type object"), (sameTitles, "the title 'Same' is empty or shown twice"),
            (unknownRequired, "'schema.required' names 'b'"),
            (noProperties, "'schema.properties' must name at least one field"),
            (notAnObject, "'schema.type' must be object"), (bounds, "minimum 5 is more than maximum 1"),
            (array, "a form takes arrays only of an enum's values"),
            (negativeLength, "'schema.properties.a.minLength' must be a whole number of 0 or more, not -1"),
            (
                objectConst,
                "'schema.properties.a.oneOf[0].const' is an object; an enum's values are strings, numbers or booleans"
            ),
        ]
    }()

    @Test(arguments: refused)
    func aSchemaOutsideTheSubsetIsRefusedWithASentence(schema: JSON, sentence: String) {
        #expect {
            try FormMapping(schema: schema)
        } throws: { error in
            (error as? ToolInputError)?.message.contains(sentence) == true
        }
    }
}

/// An enum field's answer is read back as `ChoiceValue` matches (the shared table).
@Suite struct FormMappingChoiceMatchingTests {
    @Test(arguments: ChoiceMatchCases.all) func aChoiceIsReadAsTheTableSays(_ row: ChoiceMatchCases.Case) throws {
        let choices = [FormMapping.Choice(title: "first", value: "other"), .init(title: "second", value: row.value)]
        let one = try? FormMapping.read(row.answer, as: .choice(choices)).get()
        #expect(one == (row.matches ? row.value : nil))
        let several = try FormMapping.read([row.answer], as: .choices(choices)).get()
        #expect(several == (row.matches ? [row.value] : []))
    }
}
