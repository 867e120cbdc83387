import ArgumentParser
import Foundation
import PickerJSON
import PickerProtocol
import Testing

@testable import PickerServer
@testable import pickerctl

/// README.md is a front door and docs/ the user guide (issue 30): every
/// pickerctl subcommand and every config key is documented in docs/, as
/// `ProtocolReferenceTests` checks every method, and no relative link points
/// nowhere. The commands come from pickerctl's own command tree and the keys
/// from the config the daemon reads, so neither list can drift from the code.
@Suite struct UserGuideTests {
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// docs/*.md, by file name.
    static func guidePages() throws -> [(name: String, text: String)] {
        let folder = packageRoot.appendingPathComponent("docs")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".md") }
        return try names.sorted().map {
            ($0, try String(contentsOf: folder.appendingPathComponent($0), encoding: .utf8))
        }
    }

    /// Every command line of pickerctl's tree, `date`, `quiet`, …, with a
    /// nested subcommand as `quiet off`.
    static func commandPaths(of command: any ParsableCommand.Type = Pickerctl.self, under prefix: String = "")
        -> [String]
    {
        command.configuration.subcommands.flatMap { subcommand -> [String] in
            let path = prefix.isEmpty ? subcommand._commandName : prefix + " " + subcommand._commandName
            return [path] + commandPaths(of: subcommand, under: path)
        }
    }

    @Test func everyPickerctlSubcommandIsInTheGuide() throws {
        let guide = try Self.guidePages().map(\.text).joined(separator: "\n")
        let paths = Self.commandPaths()
        #expect(paths.contains("date") && paths.contains("ask-password-agent"), "read the command tree: \(paths)")
        for path in paths {
            // `pickerctl NAME` as a whole word: `pickerctl list` does not count for `lister`.
            let pattern = "pickerctl \(NSRegularExpression.escapedPattern(for: path))(?![A-Za-z-])"
            // A Bool first, so that a failure names the command rather than printing all of docs/.
            let documented = guide.range(of: pattern, options: .regularExpression) != nil
            #expect(documented, "docs/ never shows `pickerctl \(path)`")
        }
    }

    /// Every key of the config, as `section.key` in backticks: the keys of the
    /// built-in config (which a test keeps equal to config/pickerd.json and
    /// which reads back as the defaults), every limit the reader knows, and a
    /// permission rule's keys.
    static func configKeys() throws -> [String] {
        let defaults = try JSON.parse(DaemonConfiguration.defaultText)
        var keys: [String] = []
        func walk(_ value: JSON, _ path: String) {
            guard let object = value.objectValue else { return }
            let members = object.members.filter { $0.key != "//" }
            if members.isEmpty, !path.isEmpty { keys.append(path) }  // `levels`: names of your own
            for member in members {
                let memberPath = path.isEmpty ? member.key : path + "." + member.key
                if member.value.objectValue == nil { keys.append(memberPath) }
                walk(member.value, memberPath)
            }
        }
        walk(defaults, "")
        keys += Limit.allCases.map { "limits." + $0.key }
        keys += PermissionPolicy.Rule.SubjectKey.allCases.map { "permissions.rules[].\($0.rawValue)" }
        keys.append("permissions.rules[].allow")
        return Array(Set(keys)).sorted()
    }

    @Test func everyConfigKeyIsInTheGuide() throws {
        let guide = try Self.guidePages().map(\.text).joined(separator: "\n")
        let keys = try Self.configKeys()
        #expect(keys.contains("socket.mode") && keys.contains("time_zone") && keys.contains("levels"), "\(keys)")
        for key in keys {
            let documented = guide.contains("`\(key)`")
            #expect(documented, "docs/ never documents the config key `\(key)`")
        }
        for permission in Permission.allCases {
            let documented = guide.contains("`\(permission.rawValue)`")
            #expect(documented, "docs/ never names the permission `\(permission)`")
        }
    }

    @Test func theReadmeIsAtMost300Lines() throws {
        let readme = try String(contentsOf: Self.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        let lines = readme.split(separator: "\n", omittingEmptySubsequences: false).count
        #expect(lines <= 300, "README.md has \(lines) lines; move the detail into docs/")
    }

    @Test func everyRelativeLinkPointsToAFile() throws {
        var pages = try Self.guidePages().map { (path: "docs/" + $0.name, text: $0.text) }
        pages.append(
            ("README.md", try String(contentsOf: Self.packageRoot.appendingPathComponent("README.md"), encoding: .utf8))
        )
        // [text](target) and ![alt](target); a title after the target is left out.
        let link = try NSRegularExpression(pattern: #"\]\(([^)\s]+)(?:\s+"[^"]*")?\)"#)
        for page in pages {
            let folder = Self.packageRoot.appendingPathComponent(page.path).deletingLastPathComponent()
            let text = page.text as NSString
            for match in link.matches(in: page.text, range: NSRange(location: 0, length: text.length)) {
                let target = text.substring(with: match.range(at: 1))
                if target.contains("://") || target.hasPrefix("mailto:") { continue }
                if target.hasPrefix("#") {
                    let found = Self.anchors(of: page.text).contains(String(target.dropFirst()))
                    #expect(found, "\(page.path) links to \(target), which has no such heading")
                    continue
                }
                let parts = target.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
                let resolved = folder.appendingPathComponent(String(parts[0])).standardized
                guard FileManager.default.fileExists(atPath: resolved.path) else {
                    Issue.record("\(page.path) links to \(target), which is not there")
                    continue
                }
                if parts.count == 2, resolved.pathExtension == "md" {
                    let linked = try String(contentsOf: resolved, encoding: .utf8)
                    let found = Self.anchors(of: linked).contains(String(parts[1]))
                    #expect(found, "\(page.path) links to \(target), which has no such heading")
                }
            }
        }
    }

    /// The anchors GitHub gives a page's headings: lower case, punctuation
    /// dropped, spaces as hyphens ("## In a terminal: pickerctl ui" is
    /// `in-a-terminal-pickerctl-ui`).
    static func anchors(of page: String) -> Set<String> {
        var anchors: Set<String> = []
        var inCode = false
        for line in page.split(separator: "\n") {
            if line.hasPrefix("```") { inCode.toggle() }
            guard !inCode, line.hasPrefix("#") else { continue }
            let title = line.drop { $0 == "#" }.trimmingCharacters(in: .whitespaces).lowercased()
            let kept = title.unicodeScalars.filter {
                CharacterSet.alphanumerics.contains($0) || $0 == " " || $0 == "-" || $0 == "_"
            }
            anchors.insert(String(String.UnicodeScalarView(kept)).replacingOccurrences(of: " ", with: "-"))
        }
        return anchors
    }
}
