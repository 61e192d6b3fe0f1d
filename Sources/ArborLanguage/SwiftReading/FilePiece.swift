import ArborCore

/// One piece of a long file between two cuts (`TopLevelPieces`), and what its tree must
/// begin and end with to read as the whole file would.
struct FilePiece: Sendable {
    /// Its bytes in the file.
    var start: Int
    var end: Int
    /// The offset of its first token (the declaration after a cut), for all but the first.
    var firstToken: Int?
    /// The offset of the `}` it ends with, for all but the last.
    var lastBrace: Int?

    var length: Int { end - start }

    /// The pieces `cuts` make of `bytes`: one, the whole, when there is no cut.
    static func all(of bytes: UnsafeBufferPointer<UInt8>, cuts: [TopLevelPieces.Cut]) -> [FilePiece] {
        (0...cuts.count).map { index in
            FilePiece(
                start: index == 0 ? 0 : cuts[index - 1].lineBreak,
                end: index == cuts.count ? bytes.count : cuts[index].lineBreak,
                firstToken: index == 0 ? nil : cuts[index - 1].next,
                lastBrace: index == cuts.count ? nil : cuts[index].brace)
        }
    }

    /// `pieces` shared out in at most `count` runs of neighbours of about the same length,
    /// in order: each run is read on a thread of its own, and their results are joined.
    static func runs(of pieces: [FilePiece], count: Int) -> [[FilePiece]] {
        let count = max(1, min(count, pieces.count))
        let total = pieces.reduce(0) { $0 + $1.length }
        var runs: [[FilePiece]] = [[]]
        var done = 0
        for piece in pieces {
            // A run ends once it reaches its share; the last takes what is left.
            if runs.count < count, !runs[runs.count - 1].isEmpty, done >= total * runs.count / count {
                runs.append([])
            }
            runs[runs.count - 1].append(piece)
            done += piece.length
        }
        return runs
    }
}

/// What a run of neighbouring pieces gives, joined with the runs after it in order.
struct PiecesRead: Sendable {
    var declarations: [TypeDeclaration] = []
    var notes: [ArborError] = []
    var skipped = SkippedTopLevelText()
    var topLevelConstants: [TypeDeclaration.Member] = []
    var fileScopedConstants: Set<String> = []
    var topLevelTypeAliases: [TypeDeclaration.Member] = []

    /// Adds what `later`, the run after those already here, read.
    mutating func append(_ later: PiecesRead) {
        declarations += later.declarations
        notes += later.notes
        skipped.append(later.skipped)
        topLevelConstants += later.topLevelConstants
        fileScopedConstants.formUnion(later.fileScopedConstants)
        topLevelTypeAliases += later.topLevelTypeAliases
    }
}
