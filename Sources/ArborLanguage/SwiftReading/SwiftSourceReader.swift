import ArborCore
import Foundation
import SwiftParser
@_spi(RawSyntax) import SwiftSyntax

/// Reads app code as the compiler does: swift-syntax's parser, `#if` decided by
/// SwiftIfConfig, operators folded by SwiftOperators, then lowered to arbor's tree.
/// Input: Swift source text. Output: its type declarations, and diagnostics — an
/// error only where the compiler would refuse the code, a located note for what
/// arbor skips.
public enum SwiftSourceReader {
    /// How deep code may nest: swift-syntax's own limit for release builds (a debug build
    /// of the parser would otherwise stop at 20, too shallow for real code).
    static let maximumNestingLevel = 256

    /// GRDB's guides write `...` alone on a line for "more code here": pasted as it
    /// stands, such a line is blanked (same length, so positions hold) rather than refused.
    /// One pass over the bytes: Foundation's string search cost as much as a third of the parse.
    static func withoutPlaceholderLines(_ text: String) -> String {
        var text = text
        var placeholders: [Range<Int>] = []
        text.withUTF8 { bytes in
            guard let base = bytes.baseAddress else { return }
            var start = 0
            while start < bytes.count {
                // Each line's end found by `memchr`, in vector steps: a byte loop cost four
                // instructions a byte of every file loaded.
                let end =
                    memchr(base + start, Int32(UInt8(ascii: "\n")), bytes.count - start).map {
                        base.distance(to: $0.assumingMemoryBound(to: UInt8.self))
                    } ?? bytes.count
                if isPlaceholderLine(bytes[start..<end]) { placeholders.append(start..<end) }
                start = end + 1
            }
        }
        guard !placeholders.isEmpty else { return text }
        var bytes = Array(text.utf8)
        for line in placeholders {
            bytes.replaceSubrange(line, with: repeatElement(UInt8(ascii: " "), count: line.count))
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// `...` between spaces or tabs.
    private static func isPlaceholderLine(_ line: Slice<UnsafeBufferPointer<UInt8>>) -> Bool {
        let isBlank = { (byte: UInt8) in byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }
        guard let first = line.firstIndex(where: { !isBlank($0) }), line[first] == UInt8(ascii: "."),
            let last = line.lastIndex(where: { !isBlank($0) }), last - first == 2
        else { return false }
        return line[first...last].allSatisfy { $0 == UInt8(ascii: ".") }
    }

    public struct Result: Sendable {
        public var declarations: [TypeDeclaration]
        public var errors: [ArborError]
        public var notes: [ArborError]
        /// `private let abbreviations = [...]` at the file's top level: static properties of no type.
        public var topLevelConstants: [TypeDeclaration.Member] = []
        /// The names of those declared `private` or `fileprivate`: visible in their file only.
        public var fileScopedConstants: Set<String> = []
        /// `fileprivate typealias RootColumns = Root.Columns` at the file's top level.
        public var topLevelTypeAliases: [TypeDeclaration.Member] = []
    }

    /// The type declarations of `text` (a file, or a paste starting at `baseOffset` of
    /// a longer input), `#if` branches chosen by `flags`; a long file's pieces read on
    /// `threads` threads.
    public static func read(
        _ text: String, baseOffset: Int = 0, flags: Set<String> = ConditionalCompilation.defaultFlags,
        cancellation: Cancellation? = nil, threads: Int = 1
    ) -> Result {
        LargeStackThread.run {
            readOnThisThread(text, baseOffset: baseOffset, flags: flags, cancellation: cancellation, threads: threads)
        }
    }

    /// `read` on the calling thread; `pieceSize` is `TopLevelPieces.pieceSize` but in tests.
    static func readOnThisThread(
        _ text: String, baseOffset: Int, flags: Set<String>, cancellation: Cancellation?,
        pieceSize: Int? = TopLevelPieces.pieceSize, threads: Int = 1
    ) -> Result {
        if let offset = BracketRuns.excess(in: text) {
            let note = ArborError(
                "skipped: more than \(BracketRuns.longestAllowed) `[` in a row, which the Swift parser arbor uses reads in exponential time",
                at: TextRange(baseOffset + offset, baseOffset + offset + 1))
            return Result(declarations: [], errors: [], notes: [note])
        }
        let text = withoutPlaceholderLines(text)
        if let pieceSize,
            let result = readInPieces(
                text, baseOffset: baseOffset, flags: flags, cancellation: cancellation, pieceSize: pieceSize,
                threads: threads)
        {
            return result
        }
        var parser = SwiftParser.Parser(text, maximumNestingLevel: maximumNestingLevel)
        let tree = SourceFileSyntax.parse(from: &parser)
        var lowering = SwiftLowering(baseOffset: baseOffset, flags: flags)
        var skipped = SkippedTopLevelText()
        let declarations = lower(tree, with: &lowering, skipped: &skipped, cancellation: cancellation)
        var errors: [ArborError] = []
        var notes = lowering.notes
        // Where the compiler refuses the code arbor reads, an error; elsewhere one note.
        var refusedElsewhere: ArborError?
        for refusal in SyntaxRefusals.find(in: tree) {
            let offset = baseOffset + refusal.offset
            let error = ArborError(
                refusal.message, at: TextRange(offset, min(offset + 1, baseOffset + text.utf8.count)))
            if refusal.isInTypeDeclaration {
                errors.append(error)
            } else if refusedElsewhere == nil {
                refusedElsewhere = ArborError(
                    refusal.message, at: error.range, suggestion: "Swift would refuse this file; arbor skips this code")
            }
        }
        // Text skipped as not a declaration already says where arbor stopped reading.
        if let refusedElsewhere, skipped.note == nil { notes.append(refusedElsewhere) }
        if let note = skipped.note { notes.append(note) }
        notes.sort { ($0.range?.lowerBound ?? 0) < ($1.range?.lowerBound ?? 0) }
        return Result(
            declarations: declarations, errors: errors, notes: notes, topLevelConstants: lowering.topLevelConstants,
            fileScopedConstants: lowering.fileScopedConstants,
            topLevelTypeAliases: lowering.topLevelTypeAliases)
    }

    /// A long file read in pieces (`TopLevelPieces`), each parsed and lowered before the
    /// next is parsed; nil when it has no cut, or when a piece does not parse as the whole
    /// file would (an error in it, or a first or last token other than the scan saw): the
    /// file is then read whole, which says where and how it is broken. With `threads` above
    /// one, the pieces are shared out in that many runs of neighbours, read at the same
    /// time, and their results joined in the file's order.
    static func readInPieces(
        _ text: String, baseOffset: Int, flags: Set<String>, cancellation: Cancellation?, pieceSize: Int,
        threads: Int = 1
    ) -> Result? {
        var bytes = text
        let pieces = bytes.withUTF8 { bytes in
            FilePiece.all(of: bytes, cuts: TopLevelPieces.cuts(in: bytes, pieceSize: pieceSize))
        }
        guard pieces.count > 1 else { return nil }
        let runs: [@Sendable () -> PiecesRead?] = FilePiece.runs(of: pieces, count: threads).map { run in
            { readPieces(run, of: text, baseOffset: baseOffset, flags: flags, cancellation: cancellation) }
        }
        var read = PiecesRead()
        for run in LargeStackThread.runAlongside(runs) {
            guard let run else { return nil }
            read.append(run)
        }
        var notes = read.notes
        if let note = read.skipped.note { notes.append(note) }
        notes.sort { ($0.range?.lowerBound ?? 0) < ($1.range?.lowerBound ?? 0) }
        return Result(
            declarations: read.declarations, errors: [], notes: notes, topLevelConstants: read.topLevelConstants,
            fileScopedConstants: read.fileScopedConstants, topLevelTypeAliases: read.topLevelTypeAliases)
    }

    /// Neighbouring pieces of `text` parsed and lowered one after the other; nil when one
    /// of them does not parse as the whole file would.
    private static func readPieces(
        _ pieces: [FilePiece], of text: String, baseOffset: Int, flags: Set<String>, cancellation: Cancellation?
    ) -> PiecesRead? {
        var text = text
        return text.withUTF8 { bytes -> PiecesRead? in
            var lowering = SwiftLowering(baseOffset: baseOffset, flags: flags)
            var read = PiecesRead()
            for piece in pieces {
                if cancellation?.isCancelled == true { break }
                var parser = SwiftParser.Parser(
                    UnsafeBufferPointer(rebasing: bytes[piece.start..<piece.end]),
                    maximumNestingLevel: maximumNestingLevel)
                let tree = SourceFileSyntax.parse(from: &parser)
                guard !tree.hasError,
                    piece.firstToken.map({ first in
                        tree.firstToken(viewMode: .sourceAccurate)?.positionAfterSkippingLeadingTrivia.utf8Offset
                            == first - piece.start
                    }) ?? true,
                    piece.lastBrace.map({ endsWithBrace(tree, at: $0 - piece.start) }) ?? true
                else { return nil }
                lowering.baseOffset = baseOffset + piece.start
                read.declarations += lower(tree, with: &lowering, skipped: &read.skipped, cancellation: cancellation)
            }
            read.notes = lowering.notes
            read.topLevelConstants = lowering.topLevelConstants
            read.fileScopedConstants = lowering.fileScopedConstants
            read.topLevelTypeAliases = lowering.topLevelTypeAliases
            return read
        }
    }

    /// The type declarations of a file's tree (or a piece's). Lowering walks the raw tree,
    /// which lives as long as `tree`.
    private static func lower(
        _ tree: SourceFileSyntax, with lowering: inout SwiftLowering, skipped: inout SkippedTopLevelText,
        cancellation: Cancellation?
    ) -> [TypeDeclaration] {
        withExtendedLifetime(tree) {
            let file = Located(node: tree.raw, offset: 0)
            guard let statements = file.as(RawSourceFileSyntax.self).map({ $0.locate($0.node.statements) }) else {
                return []
            }
            return lowering.typeDeclarations(in: statements, of: tree, skipped: &skipped, cancellation: cancellation)
        }
    }

    /// Whether the last token before the end of `tree` is a `}` at `offset`.
    private static func endsWithBrace(_ tree: SourceFileSyntax, at offset: Int) -> Bool {
        guard let last = tree.endOfFileToken.previousToken(viewMode: .sourceAccurate) else { return false }
        return last.tokenKind == .rightBrace && last.positionAfterSkippingLeadingTrivia.utf8Offset == offset
    }
}
