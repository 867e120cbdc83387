import Foundation
import Testing

@testable import PickerWeb

/// The page's scripts are several files (one concern each) that share one
/// global scope, so the order index.html loads them in is part of the page:
/// the routes serve exactly `PageAssets.scripts`, and index.html names them
/// in that order.
@Suite struct PageAssetsTests {
    @Test func indexLoadsEveryScriptInTheTablesOrder() throws {
        let index = String(decoding: PackageResources.index_html, as: UTF8.self)
        let loaded = index.split(separator: "\n").compactMap { line -> String? in
            guard let start = line.range(of: #"<script src=""#), let end = line.range(of: #"" defer></script>"#)
            else { return nil }
            return String(line[start.upperBound..<end.lowerBound])
        }
        #expect(loaded == PageAssets.scripts.map(\.path))
    }

    @Test func everyScriptIsServedWithoutASession() async throws {
        try await PageRoutes().test { page in
            for (path, bytes) in PageAssets.scripts {
                let response = try await page.request(.get, path)
                #expect(response.status == 200, "\(path)")
                #expect(response.header("Content-Type") == "text/javascript; charset=utf-8", "\(path)")
                #expect(response.body == String(decoding: bytes, as: UTF8.self), "\(path)")
                #expect(response.body.hasPrefix("'use strict';\n"), "\(path) is strict, as every script of the page")
            }
        }
    }
}
