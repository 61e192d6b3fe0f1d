import ArborCore
import Foundation
import GRDB

/// Rows already known to decode, so that GRDB's decoder runs once per kind of row
/// rather than once per row (issue 12: the check costs little more than the fetch).
///
/// GRDB's decoder gives the same outcome to two rows of one request that agree on
/// everything it reads: the storage class of each value (NULL, INTEGER, REAL, TEXT,
/// BLOB), which to-one rows are missing, which lists are empty, and, for the values
/// whose conversion depends on more than their class, what it depends on (an `Int8`
/// from an INTEGER: whether it fits; a `Date` from a TEXT: whether GRDB parses it;
/// an enum's raw value, a `UUID`, an `Int` from a TEXT: the whole value). A row's
/// signature records exactly that (`ShapeReads`, `ValueRule`); a row whose
/// signature decoded before is admitted without decoding, any other row goes
/// through GRDB's decoder, and its signature is learned when it decodes. A failing
/// row is thus always decoded for real, and the first one is the row the app fails on.
///
/// Each element of an `including(all:)` list is decoded on its own by GRDB, so each
/// is admitted on its own too: a list's signature is only whether it is empty.
final class DecodingAdmission {
    private let reads: ShapeReads
    private let root = Level()
    /// Reused for each signature; handed down `inout`, so that no access to it is checked at run time.
    private var spare: [UInt8] = []
    /// False when the rows hold values the shown rows leave out: each row is decoded.
    var isAdmitting: Bool

    init(shape: RecordShape, isAdmitting: Bool = true) {
        reads = ShapeReads(shape)
        self.isAdmitting = isAdmitting
    }

    /// True when a row of this signature decoded before.
    func admits(_ row: ResultRow) -> Bool {
        guard isAdmitting, !reads.readsHiddenColumns else { return false }
        var buffer = takeBuffer()
        defer { spare = buffer }
        return visit(row, root, inList: false, learn: false, &buffer)
    }

    /// Records a row that GRDB's decoder accepted.
    func learn(_ row: ResultRow) {
        var buffer = takeBuffer()
        defer { spare = buffer }
        _ = visit(row, root, inList: false, learn: true, &buffer)
    }

    private func takeBuffer() -> [UInt8] {
        var buffer: [UInt8] = []
        swap(&buffer, &spare)
        return buffer
    }

    /// One level of the result: the rule of each column, learned from its first row,
    /// the levels below, and (for the root and list elements) the signatures decoded.
    private final class Level {
        var rules: [ValueRule]?
        var children: [Level] = []
        var decoded: Set<[UInt8]> = []
    }

    /// Checks (or learns) the signature of `row` and of each list element below it.
    private func visit(_ row: ResultRow, _ level: Level, inList: Bool, learn: Bool, _ buffer: inout [UInt8]) -> Bool {
        buffer.removeAll(keepingCapacity: true)
        guard encode(row, level, inList: inList, &buffer) else { return false }
        if learn {
            level.decoded.insert(buffer)
        } else if !level.decoded.contains(buffer) {
            return false
        }
        return visitLists(row, level, learn: learn, &buffer)
    }

    private func visitLists(_ row: ResultRow, _ level: Level, learn: Bool, _ buffer: inout [UInt8]) -> Bool {
        for (index, child) in row.children.enumerated() {
            guard index < level.children.count else { return false }
            let childLevel = level.children[index]
            switch child.value {
            case .toOne(let scoped?):
                guard visitLists(scoped, childLevel, learn: learn, &buffer) else { return false }
            case .toOne(nil):
                continue
            case .toMany(let elements):
                for element in elements where !visit(element, childLevel, inList: true, learn: learn, &buffer) {
                    return false
                }
            }
        }
        return true
    }

    /// Appends the signature of `row`'s level and of its to-one rows; false for a row
    /// that can not be judged by its signature (a value read cut where its content counts).
    private func encode(_ row: ResultRow, _ level: Level, inList: Bool, _ buffer: inout [UInt8]) -> Bool {
        let rules = level.rules ?? learnRules(row, level, inList: inList)
        guard rules.count == row.values.count, level.children.count == row.children.count else { return false }
        // A value read cut keeps its storage class: it counts unless what it decodes to depends on the rest.
        for index in row.cutSizes.keys
        where index >= rules.count || rules[index].dependsOnContent(of: row.values[index]) {
            return false
        }
        for (value, rule) in zip(row.values, rules) {
            rule.append(value, to: &buffer)
        }
        for (index, child) in row.children.enumerated() {
            switch child.value {
            case .toOne(let scoped?):
                buffer.append(0xF1)
                guard encode(scoped, level.children[index], inList: false, &buffer) else { return false }
            case .toOne(nil):
                buffer.append(0xF0)
            case .toMany(let elements):
                buffer.append(elements.isEmpty ? 0xF2 : 0xF3)
            }
        }
        return true
    }

    private func learnRules(_ row: ResultRow, _ level: Level, inList: Bool) -> [ValueRule] {
        let rules = row.names.enumerated().map { index, name in
            reads.rule(forColumn: name, isFirstOfListElement: inList && index == 0)
        }
        level.rules = rules
        level.children = row.children.map { _ in Level() }
        return rules
    }
}
