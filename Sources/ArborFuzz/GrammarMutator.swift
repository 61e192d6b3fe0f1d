import ArborCore
import ArborLanguage

/// Mutates an input at the level of tokens rather than bytes, so that the
/// result stays close to the language: replaces a token by a word of the
/// language, inserts a word or a whole fragment at a token boundary, copies,
/// deletes or brackets a run of tokens. Byte-level mutation (libFuzzer's own)
/// finds lexer and parser bugs; this finds evaluator, validator and GRDB ones,
/// which only well-formed requests reach.
struct GrammarMutator {
    let words: [String]
    let snippets: [String]

    init(words: [String], snippets: [String]) {
        self.words = words.isEmpty ? ["Book"] : words
        self.snippets = snippets.isEmpty ? [".all()"] : snippets
    }

    /// A mutation of `text`, chosen by `seed` (the same seed gives the same mutation).
    func mutate(_ text: String, seed: UInt64) -> String {
        var random = SplitMix64(seed: seed)
        var bytes = Array(text.utf8)
        let tokens = Lexer.tokenize(text).filter { $0.kind != .endOfInput }
        // Token boundaries: where an insertion keeps every existing token whole.
        let boundaries = [0] + tokens.map(\.range.upperBound) + [bytes.count]
        let mutationCount = 1 + random.next(below: 3)
        for _ in 0..<mutationCount {
            bytes = mutateOnce(bytes, tokens: tokens, boundaries: boundaries, random: &random)
            // Later mutations use the first tokenization: ranges may be off, which is fine for fuzzing,
            // but they must stay inside the bytes.
            if bytes.isEmpty { break }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    private func mutateOnce(
        _ bytes: [UInt8], tokens: [Token], boundaries: [Int], random: inout SplitMix64
    ) -> [UInt8] {
        let count = bytes.count
        func clamp(_ offset: Int) -> Int { Swift.min(Swift.max(0, offset), count) }
        func replacing(_ lower: Int, _ upper: Int, with insertion: [UInt8]) -> [UInt8] {
            let lo = clamp(lower)
            let hi = Swift.max(lo, clamp(upper))
            return Array(bytes[..<lo]) + insertion + Array(bytes[hi...])
        }
        let boundary = clamp(boundaries[random.next(below: boundaries.count)])
        switch random.next(below: 7) {
        case 0 where !tokens.isEmpty:
            // Replace a token by a word.
            let token = tokens[random.next(below: tokens.count)]
            return replacing(token.range.lowerBound, token.range.upperBound, with: Array(randomWord(&random).utf8))
        case 1:
            // Insert a word, with a separating space half of the time.
            let word = randomWord(&random) + (random.next(below: 2) == 0 ? " " : "")
            return replacing(boundary, boundary, with: Array(word.utf8))
        case 2:
            // Insert a fragment of a request.
            return replacing(boundary, boundary, with: Array(snippets[random.next(below: snippets.count)].utf8))
        case 3 where tokens.count >= 2:
            // Copy a run of tokens to a boundary.
            let (lower, upper) = randomRun(tokens, &random)
            let run = Array(bytes[clamp(lower)..<Swift.max(clamp(lower), clamp(upper))])
            return replacing(boundary, boundary, with: run)
        case 4 where !tokens.isEmpty:
            // Delete a run of tokens.
            let (lower, upper) = randomRun(tokens, &random)
            return replacing(lower, upper, with: [])
        case 5 where !tokens.isEmpty:
            // Put a run of tokens in brackets, or in a closure.
            let (lower, upper) = randomRun(tokens, &random)
            let pairs: [(String, String)] = [("(", ")"), ("[", "]"), ("{ ", " }"), ("{ $0.", " }"), ("(", ").count")]
            let (open, close) = pairs[random.next(below: pairs.count)]
            let lo = clamp(lower)
            let hi = Swift.max(lo, clamp(upper))
            return Array(bytes[..<lo]) + Array(open.utf8) + Array(bytes[lo..<hi]) + Array(close.utf8)
                + Array(bytes[hi...])
        case 6 where !tokens.isEmpty:
            // Replace an identifier by another name of the language.
            let identifiers = tokens.filter { $0.identifierText != nil }
            guard !identifiers.isEmpty else {
                return replacing(boundary, boundary, with: Array(randomWord(&random).utf8))
            }
            let token = identifiers[random.next(below: identifiers.count)]
            return replacing(token.range.lowerBound, token.range.upperBound, with: Array(randomWord(&random).utf8))
        default:
            return replacing(boundary, boundary, with: Array(randomWord(&random).utf8))
        }
    }

    private func randomWord(_ random: inout SplitMix64) -> String {
        words[random.next(below: words.count)]
    }

    /// The byte range of one to four consecutive tokens.
    private func randomRun(_ tokens: [Token], _ random: inout SplitMix64) -> (Int, Int) {
        let first = random.next(below: tokens.count)
        let last = Swift.min(tokens.count - 1, first + random.next(below: 4))
        return (tokens[first].range.lowerBound, tokens[last].range.upperBound)
    }
}

extension Token {
    fileprivate var identifierText: String? {
        if case .identifier(let name, _) = kind { return name }
        return nil
    }
}

/// A small deterministic generator (Steele, Lea and Flood's SplitMix64).
struct SplitMix64 {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A number in `0..<bound`; 0 when `bound` is not positive.
    mutating func next(below bound: Int) -> Int {
        guard bound > 0 else { return 0 }
        return Int(next() % UInt64(bound))
    }
}
