import ArborCore
import ArborTestSupport
import XCTest

@testable import ArborLanguage

/// Completion, dispatch and the "not offered here" message come from one registry
/// (`GRDBAPI`): for every entry and every receiver, they agree.
final class GRDBAPIAgreementTests: XCTestCase {
    /// A value of each receiver kind in the demo library, as typed.
    static let receivers: [(GRDBReceiver, String)] = [
        (.table, "Book"), (.request, "Book.all()"), (.association, "Author.books"), (.expression, "Column(\"title\")"),
    ]

    /// A call of `member` in `form`, with placeholder arguments.
    static func call(_ receiver: String, _ member: GRDBMember, _ form: CallForm) -> String {
        let arguments = form.labels.map { label in (label.map { "\($0): " } ?? "") + "1" }
        return "\(receiver)\(receiver.isEmpty ? "" : ".")\(member.name)(\(arguments.joined(separator: ", ")))"
    }

    /// Whether `error` is the registry's "not offered here" message for that call.
    static func isNotOffered(_ error: ArborError?, _ member: GRDBMember, receiver: GRDBReceiver) -> Bool {
        guard let error else { return false }
        return error.message.contains("not available on")
            || error.message.contains("have no `\(member.name)`")
            || error.message.contains("GRDB offers it on")
            || error.message.contains("is a method of requests")
            || error.message.contains("static method of the record type")
            || error.message.contains("builds an association from")
            || error.message.contains("applies to associations")
            || (error.message.contains("takes no argument here (or `db`)")
                && member.forms.contains { $0.labels.count == 2 })
            || error.message.hasPrefix("`forKey` names an association")
    }

    func testEveryMethodIsCompletedAndDispatchedExactlyWhereItIsOffered() throws {
        let harness = try LanguageHarness.demo()
        for (receiver, text) in Self.receivers {
            let completed = Set(
                Completer.complete(text + ".", cursor: text.utf8.count + 1, environment: harness.evaluator.environment)
                    .candidates.map(\.text))
            for member in GRDBAPI.members where member.kind == .method {
                let offered = (GRDBAPI.byName[member.name] ?? []).contains { $0.offeredOn.contains(receiver) }
                XCTAssertEqual(
                    completed.contains(member.name), offered,
                    "completion after `\(text).` and the registry disagree on `\(member.name)`")
                for form in member.forms {
                    let source = Self.call(text, member, form)
                    let accepted = GRDBAPI.members(named: member.name, kind: .method).contains {
                        $0.offeredOn.contains(receiver)
                            && ($0.checksOwnArguments
                                || $0.forms.contains { $0.labels == form.labels && $0.repeated == form.repeated })
                    }
                    let error = harness.error(source)
                    if accepted {
                        XCTAssertFalse(
                            Self.isNotOffered(error, member, receiver: receiver),
                            "`\(source)` is offered, yet: \(error?.message ?? "")")
                    } else if member.offeredOn.contains(receiver) == false, !receiver.isExpressionOnly(for: member) {
                        XCTAssertTrue(
                            Self.isNotOffered(error, member, receiver: receiver),
                            "`\(source)` is not offered on \(receiver.article), but said: \(error?.message ?? "nothing")"
                        )
                    }
                }
            }
        }
    }

    func testEveryFunctionIsCompletedAndRuns() throws {
        let harness = try LanguageHarness.demo()
        let completed = Set(
            Completer.complete("", cursor: 0, environment: harness.evaluator.environment).candidates.map(\.text))
        for member in GRDBAPI.members where member.kind == .function {
            XCTAssertTrue(completed.contains(member.name), "`\(member.name)` is not completed at a statement's start")
            for form in member.forms {
                let message = harness.error(Self.call("", member, form))?.message ?? ""
                XCTAssertFalse(message.hasPrefix("unknown function"), "`\(member.name)`: \(message)")
            }
        }
    }

    func testEveryPropertyIsCompletedWhereOffered() throws {
        let harness = try LanguageHarness.demo()
        for (receiver, text) in Self.receivers + [(.value, "1")] where receiver != .table {
            let completed = Set(
                Completer.complete(text + ".", cursor: text.utf8.count + 1, environment: harness.evaluator.environment)
                    .candidates.map(\.text))
            for member in GRDBAPI.members where member.kind == .property && member.offeredOn.contains(receiver) {
                XCTAssertTrue(completed.contains(member.name), "`\(text).\(member.name)` is not completed")
                let message = harness.error("\(text).\(member.name)")?.message ?? ""
                XCTAssertFalse(message.contains("has no property"), "`\(text).\(member.name)`: \(message)")
            }
        }
    }

    /// Each entry names the GRDB declarations it serves, and no declaration is served twice
    /// by entries of different names.
    func testEveryEntryNamesGRDBDeclarationsOfItsName() {
        var servedBy: [String: String] = [:]
        for member in GRDBAPI.members {
            XCTAssertFalse(member.symbols.isEmpty, "`\(member.name)` names no GRDB declaration")
            for symbol in member.symbols {
                let last = symbol.split(separator: ".").last.map(String.init) ?? symbol
                XCTAssertTrue(
                    last.hasPrefix(member.name) || last.hasPrefix("init"),
                    "`\(member.name)` serves `\(symbol)`, of another name")
                if let other = servedBy[symbol] {
                    XCTAssertEqual(other, member.name, "`\(symbol)` is served by `\(other)` and `\(member.name)`")
                }
                servedBy[symbol] = member.name
            }
        }
    }
}

extension GRDBReceiver {
    /// Expressions are not requests: a request method there is no GRDB member at all, not
    /// one "offered elsewhere" (`Column("x").filter(…)` has no method `filter`).
    fileprivate func isExpressionOnly(for member: GRDBMember) -> Bool {
        self == .expression && member.offeredOn.isDisjoint(with: [.expression])
    }
}
