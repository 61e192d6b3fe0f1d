import ArborCore

/// Declarations pasted at the prompt (`extension Book { … }`): the prompt's parser
/// finds where one ends, and the compiler's parser (`SwiftSourceReader`) reads it,
/// as it reads loaded files.
extension Parser {
    static let modifiers: Set<String> = [
        "public", "private", "fileprivate", "internal", "open", "package", "final", "indirect", "nonisolated",
        "isolated", "static", "class", "override", "mutating", "nonmutating", "lazy", "weak", "unowned", "dynamic",
        "optional", "required", "convenience", "consuming", "borrowing", "distributed", "prefix", "postfix", "infix",
        "sending", "__consuming",
    ]
    static let memberKeywords: Set<String> = [
        "var", "let", "func", "subscript", "init", "deinit", "typealias", "associatedtype", "case",
    ]
    static let typeKeywords: [String: TypeDeclaration.Keyword] = [
        "extension": .extension, "struct": .struct, "class": .class, "enum": .enum, "actor": .actor,
    ]
    /// Words that continue a line of a member (`where` clauses, effects) rather than start one.
    static let continuationKeywords: Set<String> = [
        "where", "throws", "rethrows", "async", "in", "else", "as", "is", "get", "set",
    ]

    /// The index after the modifiers and attributes that start at `start`
    /// (`public`, `private(set)`, `nonisolated(unsafe)`, `@MainActor`,
    /// `@available(iOS 15, *)`, over several lines if need be). A bounded look
    /// ahead, which keeps parsing linear: past it, there is no declaration here.
    func indexAfterModifiers(from start: Int) -> Int {
        var index = start
        while index < tokens.count - 1 {
            guard index - start < 128 else { return start }
            let token = tokens[index]
            if token.isPunctuation(.at) {
                guard case .identifier = tokens[index + 1].kind else { return index }
                index += 2
                while tokens[index].isPunctuation(.dot), case .identifier = tokens[index + 1].kind { index += 2 }
                if tokens[index].isPunctuation(.leftParen), !tokens[index].precededByNewline {
                    guard let after = indexAfterParentheses(from: index) else { return index }
                    index = after
                }
                continue
            }
            guard case .identifier(let name, false) = token.kind, Parser.modifiers.contains(name) else { return index }
            // `class` is a modifier only before another modifier or a member keyword (`class func`).
            if name == "class" {
                guard case .identifier(let next, false) = tokens[index + 1].kind,
                    Parser.modifiers.contains(next) || Parser.memberKeywords.contains(next)
                else { return index }
            }
            index += 1
            if tokens[index].isPunctuation(.leftParen), !tokens[index].precededBySpace {
                guard let after = indexAfterParentheses(from: index) else { return index }
                index = after
            }
        }
        return index
    }

    /// The index after the `)` matching the `(` at `start`, looking a bounded
    /// number of tokens ahead (an attribute's arguments are short).
    func indexAfterParentheses(from start: Int) -> Int? {
        var depth = 0
        var index = start
        let limit = min(tokens.count - 1, start + 256)
        while index < limit {
            if tokens[index].isOpeningBracket {
                depth += 1
            } else if tokens[index].isClosingBracket {
                depth -= 1
                if depth == 0 { return index + 1 }
            }
            index += 1
        }
        return nil
    }

    /// The declaration keyword at `index`, when a type name follows it.
    func typeKeyword(at index: Int) -> TypeDeclaration.Keyword? {
        guard index < tokens.count - 1, case .identifier(let word, false) = tokens[index].kind,
            let keyword = Parser.typeKeywords[word], case .identifier = tokens[index + 1].kind
        else { return nil }
        return keyword
    }

    /// `[modifiers] extension|struct|class|enum|actor Name … { members }`, the current token
    /// being its first modifier or its keyword: read by `SwiftSourceReader`.
    mutating func parsePastedDeclaration() -> [TypeDeclaration]? {
        let start = currentRange.lowerBound
        let keywordIndex = indexAfterModifiers(from: position)
        while position < keywordIndex { skipToken() }
        guard let keyword = typeKeyword(at: position) else { return nil }
        skipToken()
        let name = currentName ?? ""
        guard skipDeclarationHeader() else {
            failHere("expected `{` after `\(keyword.rawValue) \(name)`")
            return nil
        }
        skipBalanced()
        guard tokens[position - 1].isPunctuation(.rightBrace) || !atEnd else {
            failHere("expected `}` to close the body of `\(keyword.rawValue) \(name)`")
            return nil
        }
        let end = lastConsumedEnd
        let text = String(decoding: source[start..<min(end, source.count)], as: UTF8.self)
        let result = SwiftSourceReader.read(text, baseOffset: start, flags: flags)
        errors += result.errors
        pastedNotes += result.notes
        return result.declarations
    }

    /// Skips the header up to the `{` of the body; false if there is none.
    mutating func skipDeclarationHeader() -> Bool {
        var depth = 0
        while !atEnd {
            if depth == 0 {
                if at(.leftBrace) { return true }
                if at(.semicolon) || atClosingBracket || atOperator(.assign) || startsNewItem { return false }
            }
            if tokens[position].isOpeningBracket { depth += 1 } else if atClosingBracket { depth -= 1 }
            skipToken()
        }
        return false
    }

    /// Skips a `{ … }`, `( … )` or `[ … ]` group, brackets balanced.
    mutating func skipBalanced() {
        var depth = 0
        repeat {
            if tokens[position].isOpeningBracket { depth += 1 } else if atClosingBracket { depth -= 1 }
            skipToken()
        } while depth > 0 && !atEnd
    }

}
