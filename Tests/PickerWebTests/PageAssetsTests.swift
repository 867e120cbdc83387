import Foundation
import Testing

@testable import PickerWeb

/// The page's scripts and styles are several files (one concern each); the
/// scripts share one global scope, so the order index.html loads them in is
/// part of the page. The routes serve exactly `PageAssets`' tables, and
/// index.html names them in their order.
@Suite struct PageAssetsTests {
    @Test func indexLoadsEveryScriptAndStyleInTheTablesOrder() throws {
        #expect(indexLines(between: #"<script src=""#, and: #"" defer></script>"#) == PageAssets.scripts.map(\.path))
        #expect(indexLines(between: #"<link rel="stylesheet" href=""#, and: #"">"#) == PageAssets.styles.map(\.path))
    }

    #if ROUTER_TESTS  // Package.swift, `routerTests`
    @Test func everyScriptAndStyleIsServedWithoutASession() async throws {
        let files = PageAssets.scripts.map { ($0, "text/javascript") } + PageAssets.styles.map { ($0, "text/css") }
        try await PageRoutes().test { page in
            for ((path, bytes), type) in files {
                let response = try await page.request(.get, path)
                #expect(response.status == 200, "\(path)")
                #expect(response.header("Content-Type") == "\(type); charset=utf-8", "\(path)")
                #expect(response.body == String(decoding: bytes, as: UTF8.self), "\(path)")
                if type == "text/javascript" {
                    #expect(
                        response.body.hasPrefix("'use strict';\n"), "\(path) is strict, as every script of the page")
                }
            }
        }
    }
    #endif

    /// What stands between `start` and `end` on each line of index.html that has both.
    private func indexLines(between start: String, and end: String) -> [String] {
        String(decoding: PackageResources.index_html, as: UTF8.self).split(separator: "\n").compactMap { line in
            guard let from = line.range(of: start), let to = line.range(of: end, range: from.upperBound..<line.endIndex)
            else { return nil }
            return String(line[from.upperBound..<to.lowerBound])
        }
    }
}
