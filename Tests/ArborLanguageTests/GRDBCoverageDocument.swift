import Foundation

@testable import ArborLanguage

/// docs/GRDB-COVERAGE.md, written from a `GRDBCoverage`: the figures first, then a
/// table per area.
enum GRDBCoverageDocument {
    static func markdown(_ coverage: GRDBCoverage) -> String {
        var lines = introduction(version: coverage.version)
        lines += ["| Area | Accepted | Refused | Total |", "|---|--:|--:|--:|"]
        for (area, members) in zip(GRDBCoverage.areas, coverage.members) {
            lines.append(figures(area.title, members))
        }
        lines += [figures("**All**", coverage.all), ""]
        lines += ["| Refused because | Members |", "|---|--:|"]
        let refusals = coverage.all.compactMap(\.refusal)
        for category in GRDBRefusal.Category.allCases {
            let count = refusals.filter { $0.category == category }.count
            if count > 0 { lines.append("| \(category.rawValue) | \(count) |") }
        }
        for (area, members) in zip(GRDBCoverage.areas, coverage.members) {
            lines += [
                "", "## \(area.title)", "", "| Member | Kind | File | Accepted by, or refused |", "|---|---|---|---|",
            ]
            for member in members {
                let files = member.files.map { "`\($0)`" }.joined(separator: ", ")
                let status =
                    member.acceptedBy.map { "accepted: \(cell($0))" }
                    ?? "refused, \(cell(member.refusal?.description ?? ""))"
                lines.append("| `\(cell(member.key))` | \(member.kindName.lowercased()) | \(files) | \(status) |")
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    static func introduction(version: String) -> [String] {
        [
            "# GRDB's API in arbor",
            "",
            "Which of GRDB \(version)'s public declarations arbor runs, generated from GRDB's own",
            "symbol graph (`swift-symbolgraph-extract` on the GRDB module of the build) by",
            "`GRDBCoverageTests`, which fails when this page, GRDB and arbor drift apart:",
            "`ARBOR_WRITE_COVERAGE=1 swift test --filter GRDBCoverageTests` rewrites it. Do not edit",
            "it by hand.",
            "",
            "Listed: every public member declared in GRDB's `QueryInterface/`, `FTS/`, `JSON/`",
            "and `Record/` folders; raw SQL requests and SQL literals (`Core/FetchRequest.swift`,",
            "`Core/SQLRequest.swift`, `Core/SQL.swift`, `Core/SQLInterpolation.swift`); and the",
            "`fetch…` methods of `Row` and `DatabaseValueConvertible`, which record fetching",
            "shares (`FetchRequest.fetchAll(_:)` is declared once for rows, values and records).",
            "A member is named as the symbol graph names it, its path joined with \".\"",
            "(`FilteredRequest.filter(_:)`); overloads of one name are one row. Types themselves",
            "are not listed: their initializers and members are. A member declared in two areas",
            "is listed in the first, with all its files.",
            "",
            "A member is **accepted** when an entry of arbor's registry of GRDB's API",
            "(`Sources/ArborLanguage/GRDBAPI/`) names it among its `symbols`, and **refused**",
            "otherwise, with the reason of the first rule that matches it in",
            "`Sources/ArborLanguage/GRDBRefusals/GRDBRefusals.swift` (by type, name, kind and",
            "file; the names arbor refuses when they are called are the same lists).",
            "",
        ]
    }

    static func figures(_ title: String, _ members: [GRDBCoverage.Member]) -> String {
        let accepted = members.filter { $0.acceptedBy != nil }.count
        return "| \(title) | \(accepted) | \(members.count - accepted) | \(members.count) |"
    }

    /// A table cell's text: `|` would end the cell.
    static func cell(_ text: String) -> String {
        text.replacingOccurrences(of: "|", with: "\\|")
    }
}
