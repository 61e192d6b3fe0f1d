import Foundation

@testable import ArborLanguage

/// GRDB's read-side declarations, each accepted (the registry entry that serves it) or
/// refused (with `GRDBRefusals`' reason): what docs/GRDB-COVERAGE.md shows.
struct GRDBCoverage {
    /// A part of GRDB's sources the document covers.
    struct Area: Sendable {
        var title: String
        /// Folders (ending in `/`) and files under GRDB's `GRDB/` folder.
        var files: [String]
        /// When given, only members with these base names (a trailing `*` for a prefix).
        var names: [String] = []

        func contains(_ declaration: GRDBSymbolGraph.Declaration) -> Bool {
            guard files.contains(where: { $0.hasSuffix("/") ? declaration.file.hasPrefix($0) : declaration.file == $0 })
            else { return false }
            return names.isEmpty
                || names.contains {
                    GRDBSymbolPattern.name($0, matches: GRDBSymbolPattern.memberName(of: declaration.key))
                }
        }
    }

    /// The areas, in the document's order; a member declared in two is listed in the first.
    static let areas: [Area] = [
        Area(title: "Query interface", files: ["QueryInterface/"]),
        Area(title: "Full-text search", files: ["FTS/"]),
        Area(title: "JSON", files: ["JSON/"]),
        Area(title: "Records", files: ["Record/"]),
        // Raw SQL requests and literals, and the fetches of rows and values, which record
        // fetching shares (`FetchRequest.fetchAll(_:)` has one declaration for each).
        Area(
            title: "Fetching and SQL literals",
            files: [
                "Core/FetchRequest.swift", "Core/SQLRequest.swift", "Core/SQL.swift", "Core/SQLInterpolation.swift",
            ]),
        Area(
            title: "Row and value fetches",
            files: ["Core/Row.swift", "Core/DatabaseValueConvertible.swift", "Core/StatementColumnConvertible.swift"],
            names: ["fetch*"]),
    ]

    /// Types are not listed (their initializers and members are), nor what only names a type.
    static let unlistedKinds: Set<String> = [
        "swift.struct", "swift.class", "swift.enum", "swift.protocol", "swift.typealias", "swift.associatedtype",
    ]

    /// One row of the document: a key, with each of its declarations' kinds and files.
    struct Member: Equatable {
        var key: String
        var kind: String
        var kindName: String
        var files: [String]
        /// The registry entry that serves it, or nil.
        var acceptedBy: String? = nil
        /// Why it is refused when no entry serves it.
        var refusal: GRDBRefusal? = nil
    }

    var version: String
    /// The members of each area, in `areas`' order, each area sorted by key.
    var members: [[Member]]

    /// Classifies `declarations`: an entry of `registry` (symbol → entry) accepts, otherwise
    /// the first matching rule of `GRDBRefusals` refuses.
    init(version: String, declarations: [GRDBSymbolGraph.Declaration], registry: (String) -> String?) {
        self.version = version
        var byKey: [String: Member] = [:]
        var areaOfKey: [String: Int] = [:]
        for declaration in declarations where !Self.unlistedKinds.contains(declaration.kind) {
            guard let area = Self.areas.firstIndex(where: { $0.contains(declaration) }) else { continue }
            areaOfKey[declaration.key] = min(areaOfKey[declaration.key] ?? area, area)
            var member =
                byKey[declaration.key]
                ?? Member(key: declaration.key, kind: declaration.kind, kindName: declaration.kindName, files: [])
            if !member.files.contains(declaration.file) { member.files.append(declaration.file) }
            byKey[declaration.key] = member
        }
        let classified = byKey.values.sorted { $0.key < $1.key }.map { member in
            var member = member
            member.files.sort()
            member.acceptedBy = registry(member.key)
            if member.acceptedBy == nil {
                member.refusal = GRDBRefusals.refusal(key: member.key, kind: member.kind, files: member.files)
            }
            return member
        }
        members = Self.areas.indices.map { area in classified.filter { areaOfKey[$0.key] == area } }
    }

    var all: [Member] { members.flatMap { $0 } }
}

/// Where coverage meets arbor's registry of GRDB's API: the entry serving each symbol.
/// The one place the two are joined.
enum GRDBRegistryIndex {
    /// How the document names the entry serving `symbol`, if one does.
    static func entry(serving symbol: String) -> String? { entries[symbol] }

    /// Symbol → entries (`filter` on table, request, association), from each entry's `symbols`.
    static let entries: [String: String] = {
        var entries: [String: String] = [:]
        for member in GRDBAPI.members {
            let receivers = GRDBReceiver.allCases.filter(member.offeredOn.contains).map(\.rawValue)
            let text = "`\(member.name)` on \(receivers.joined(separator: ", "))"
            for symbol in member.symbols where !(entries[symbol]?.contains(text) ?? false) {
                entries[symbol] = entries[symbol].map { "\($0); \(text)" } ?? text
            }
        }
        for op in GRDBAPI.operators {
            let text =
                op.builds == .literalConcatenation ? "`\(op.spelling)` on SQL literals" : "operator `\(op.spelling)`"
            for symbol in op.symbols where !(entries[symbol]?.contains(text) ?? false) {
                entries[symbol] = entries[symbol].map { "\($0); \(text)" } ?? text
            }
        }
        return entries
    }()
}
