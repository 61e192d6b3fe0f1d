/// Keeps the candidates that extend the typed word and orders them.
enum CandidateRanking {
    /// Candidates whose text starts with `word`, ignoring case; those that
    /// match its case come first, then the context's order of kinds (the order
    /// of `candidates`, in which each context lists its best kinds first), then
    /// alphabetical order within a kind. A text offered twice is kept once.
    static func rank(_ candidates: [Completion], matching word: String) -> [Completion] {
        let lowered = word.lowercased()
        var kindOrder: [Completion.Kind: Int] = [:]
        var seen = Set<String>()
        var kept: [(candidate: Completion, exactCase: Bool, kindRank: Int)] = []
        for candidate in candidates {
            if kindOrder[candidate.kind] == nil { kindOrder[candidate.kind] = kindOrder.count }
            guard candidate.text.lowercased().hasPrefix(lowered), seen.insert(candidate.text).inserted else { continue }
            kept.append((candidate, candidate.text.hasPrefix(word), kindOrder[candidate.kind] ?? 0))
        }
        return kept.sorted { a, b in
            if a.exactCase != b.exactCase { return a.exactCase }
            if a.kindRank != b.kindRank { return a.kindRank < b.kindRank }
            let left = a.candidate.text.lowercased()
            let right = b.candidate.text.lowercased()
            if left != right { return left < right }
            return a.candidate.text < b.candidate.text
        }.map(\.candidate)
    }
}
