/// "Did you mean …?": the candidates closest to a misspelled name.
public enum Suggestions {
    /// Names longer than this (in bytes) are not compared.
    static let maximumLength = 256

    /// Up to three candidates within a small edit distance of `name`, closest first.
    public static func closest(to name: String, in candidates: [String]) -> [String] {
        // A name longer than any a schema would hold gets no suggestion: the edit
        // distance is quadratic, and a 1 MB name would take seconds per candidate.
        guard name.utf8.count <= maximumLength else { return [] }
        let lowered = name.lowercased()
        let limit = max(2, lowered.count / 3)
        // A name offered once, though several lists hold it (an association that is also its type's static).
        var seen = Set<String>()
        let scored = candidates.compactMap { candidate -> (String, Int)? in
            // The distance is at least the difference in length.
            guard seen.insert(candidate).inserted, abs(candidate.count - lowered.count) <= limit,
                candidate.utf8.count <= maximumLength * 4
            else {
                return nil
            }
            let d = distance(lowered, candidate.lowercased())
            return d <= limit ? (candidate, d) : nil
        }
        return scored.sorted { ($0.1, $0.0) < ($1.1, $1.0) }.prefix(3).map(\.0)
    }

    /// `did you mean `books`?`, or nil when nothing is close.
    public static func didYouMean(_ name: String, in candidates: [String]) -> String? {
        let found = closest(to: name, in: candidates)
        guard !found.isEmpty else { return nil }
        return "did you mean " + found.map { "`\($0)`" }.joined(separator: " or ") + "?"
    }

    /// Levenshtein distance, in characters.
    static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a)
        let b = Array(b)
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                current[j] = Swift.min(
                    previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }
}
