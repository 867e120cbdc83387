import PickerCore
import PickerJSON
import PickerPlugins
import Testing

@Suite struct CustomPluginTests {
    let harness = PluginHarness()
    let deploy: JSONObject = ["columns": [["prod", "staging", "dev"], ["us", "eu"]], "labels": ["Stage", "Region"]]
    let provinces: JSONObject = ["tree": ["Zhejiang": ["Hangzhou", "Ningbo"], "Jiangsu": ["Nanjing"]]]

    @Test func oneComponent() throws {
        let options: JSONObject = ["columns": [["Orange", "Melon"]]]
        #expect(try harness.normalize("custom", options, ["Melon"]) == ["Melon"])
        #expect(try harness.normalize("custom", options, "Melon") == ["Melon"])
        #expect(try harness.normalize("custom", options, [0]) == ["Orange"])
        #expect(try harness.normalize("custom", options, 1) == ["Melon"])
    }

    @Test func independentColumnsAcceptNamesAndRowIndices() throws {
        #expect(try harness.normalize("custom", deploy, ["staging", "eu"]) == ["staging", "eu"])
        #expect(try harness.normalize("custom", deploy, [1, 1]) == ["staging", "eu"])
        #expect(try harness.normalize("custom", deploy, [2, "us"]) == ["dev", "us"])
        #expect(
            harness.valueError("custom", deploy, ["prod", "Paris"])?.message
                == "'Paris' is not a choice in column 2 (Region); the choices are us, eu")
        #expect(
            harness.valueError("custom", deploy, [3, "us"])?.message
                == "row index 3 is out of range for column 1 (Stage), which has 3 rows (indices 0–2)")
        #expect(
            harness.valueError("custom", deploy, ["prod"])?.message == "expected 2 components (one per column), got 1")
        #expect(
            harness.valueError("custom", deploy, "prod")?.message
                == "a custom value must be an array with one string per component, not a string")
        #expect(
            harness.valueError("custom", deploy, [true, "us"])?.message
                == "component 1 must be a string or a row index, not a boolean")
    }

    @Test func threeOrMoreColumns() throws {
        let options: JSONObject = ["columns": [["a", "b"], ["c"], ["d", "e", "f"]]]
        #expect(try harness.normalize("custom", options, [1, 0, "f"]) == ["b", "c", "f"])
        #expect(try harness.prepare("custom", options).initialValue == ["a", "c", "d"])
    }

    @Test func dependentColumnsFollowTheParent() throws {
        #expect(try harness.normalize("custom", provinces, ["Zhejiang", "Ningbo"]) == ["Zhejiang", "Ningbo"])
        #expect(try harness.normalize("custom", provinces, [1, 0]) == ["Jiangsu", "Nanjing"])
        #expect(
            harness.valueError("custom", provinces, ["Zhejiang", "Nanjing"])?.message
                == "'Nanjing' is not under 'Zhejiang'; the choices there are Hangzhou, Ningbo")
        #expect(
            harness.valueError("custom", provinces, ["Jiangsu", 1])?.message
                == "row index 1 is out of range for column 2, which has 1 rows (indices 0–0)")
        #expect(
            harness.valueError("custom", provinces, ["Anhui", "Hefei"])?.message
                == "'Anhui' is not a choice in column 1; the choices are Zhejiang, Jiangsu")
        #expect(try harness.prepare("custom", provinces).initialValue == ["Zhejiang", "Hangzhou"])
        #expect(try harness.prepare("custom", provinces).options["tree"] == provinces["tree"], "tree order is kept")
    }

    @Test func deeperTrees() throws {
        let options: JSONObject = [
            "tree": ["Asia": ["China": ["Beijing", "Shanghai"], "Japan": ["Tokyo"]], "Europe": ["France": ["Paris"]]]
        ]
        #expect(try harness.normalize("custom", options, ["Asia", "Japan", "Tokyo"]) == ["Asia", "Japan", "Tokyo"])
        #expect(try harness.normalize("custom", options, [1, 0, 0]) == ["Europe", "France", "Paris"])
        #expect(
            harness.valueError("custom", options, ["Asia", "France", "Paris"])?.message.hasPrefix(
                "'France' is not under 'Asia'") == true)
        #expect(
            harness.optionsError("custom", ["tree": ["A": ["x"], "B": ["y": ["z"]]]])
                == "every branch of option 'tree' must be equally deep, so each value has the same number of components"
        )
    }

    @Test func badChoicesAreRejected() {
        #expect(
            harness.optionsError("custom", [:])
                == "a custom picker needs option 'columns' (independent) or 'tree' (dependent)")
        #expect(
            harness.optionsError("custom", ["columns": [["a"]], "tree": ["a": ["b"]]])
                == "give either option 'columns' or option 'tree', not both")
        #expect(harness.optionsError("custom", ["columns": [[]]]) == "column 1 has no choices")
        #expect(
            harness.optionsError("custom", ["columns": [["a", "a"]]])
                == "column 1 lists 'a' twice; choices must be distinct")
        #expect(harness.optionsError("custom", ["tree": ["A": []]]) == "tree branch 'A' has no choices")
        #expect(harness.optionsError("custom", ["tree": [:]]) == "option 'tree' has no choices")
        #expect(
            harness.optionsError("custom", ["columns": [["a"]], "labels": ["x", "y"]])
                == "option 'labels' must hold 1 string, one per component")
        #expect(
            harness.optionsError("custom", ["columns": [["a"]], "initial": ["b"]])
                == "option 'initial': 'b' is not a choice in column 1; the choices are a")
    }

    @Test func initialIsNormalized() throws {
        var options = deploy
        options["initial"] = [1, "eu"]
        #expect(try harness.prepare("custom", options).initialValue == ["staging", "eu"])
        #expect(try harness.prepare("custom", options).options["initial"] == ["staging", "eu"])
    }
}
