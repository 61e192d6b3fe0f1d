import ArborCore

/// Completion of the input line: a pure function of the text, the cursor and
/// the session's environment.
///
/// The text before the cursor is tokenized; the word being typed (an
/// identifier, or the inside of an unterminated `Column("…`) is what
/// candidates replace, and the tokens before it say what may stand there:
/// members of the value before a `.`, associations inside `including(all:`,
/// columns inside `Column("` and after `$0.`, names where an expression starts.
public enum Completer {
    /// - Parameters:
    ///   - cursor: a UTF-8 offset into `text` (clamped to it, and moved back to
    ///     the start of a character).
    ///   - environment: read only; receivers are evaluated on a copy.
    public static func complete(_ text: String, cursor: Int, environment: Environment) -> CompletionResult {
        let allBytes = Array(text.utf8)
        var end = Swift.min(Swift.max(cursor, 0), allBytes.count)
        while end > 0, end < allBytes.count, allBytes[end] & 0xC0 == 0x80 { end -= 1 }
        let bytes = Array(allBytes[..<end])
        var tokens = Lexer.tokenize(String(decoding: bytes, as: UTF8.self)).filter { $0.kind != .endOfInput }

        // The word being typed: candidates replace it.
        var word = Word(text: "", range: .at(end), isString: false)
        if let last = tokens.last, last.range.upperBound == end {
            switch last.kind {
            case .identifier(let name, false):
                word = Word(text: name, range: last.range, isString: false)
                tokens.removeLast()
            case .string(let value) where Self.isUnterminatedString(last, in: bytes):
                word = Word(text: value, range: SourceRange(last.range.lowerBound + 1, end), isString: true)
                tokens.removeLast()
            case .punctuation, .operator:
                break
            default:
                return CompletionResult(range: .at(end), candidates: [])
            }
        }
        if word.text.hasPrefix("$"), !word.isString {
            // `\.$name`: the `$` stays.
            word = Word(
                text: String(word.text.dropFirst()), range: SourceRange(word.range.lowerBound + 1, end), isString: false
            )
        }
        let structure = TokenStructure(tokens: tokens)
        let context = ReceiverEvaluation(structure: structure, bytes: bytes, environment: environment)
        let candidates =
            word.isString
            ? stringCandidates(context) : candidates(context)
        return CompletionResult(range: word.range, candidates: CandidateRanking.rank(candidates, matching: word.text))
    }

    struct Word {
        var text: String
        var range: SourceRange
        var isString: Bool
    }

    /// `"na` at the end of the text: a plain string literal still open.
    static func isUnterminatedString(_ token: Token, in bytes: [UInt8]) -> Bool {
        let lower = token.range.lowerBound
        let upper = Swift.min(token.range.upperBound, bytes.count)
        guard lower < upper, bytes[lower] == UInt8(ascii: "\"") else { return false }
        if upper - lower >= 3, bytes[lower + 1] == UInt8(ascii: "\""), bytes[lower + 2] == UInt8(ascii: "\"") {
            return false
        }
        var i = lower + 1
        while i < upper {
            switch bytes[i] {
            case UInt8(ascii: "\\"): i += 2
            case UInt8(ascii: "\""): return false
            default: i += 1
            }
        }
        return true
    }

    // MARK: Contexts

    /// Inside `Column("…`, `Table("…`.
    static func stringCandidates(_ context: ReceiverEvaluation) -> [Completion] {
        let structure = context.structure
        let n = structure.count
        // `Table("…` and `Table<Book>("…`, not a method `x.Table("…`.
        guard n - 2 >= structure.statementStart, structure[n - 1].isPunctuation(.leftParen),
            let call = structure.call(openedAt: n - 1), !call.isMember,
            case .identifier(_, false) = structure[call.nameIndex].kind
        else { return [] }
        switch call.name {
        case "Column":
            guard let table = context.scope(at: n).columnTable else { return [] }
            return MemberCandidates.columns(of: table, environment: context.environment)
        case "Table":
            return context.environment.schema.tables.map {
                Completion($0.name, kind: .table, detail: context.environment.typeNames.type(forTable: $0.name))
            }
        default:
            return []
        }
    }

    static func candidates(_ context: ReceiverEvaluation) -> [Completion] {
        let structure = context.structure
        let environment = context.environment
        let n = structure.count
        let start = structure.statementStart
        guard n > start else { return NameCandidates.statementStart(environment) }
        let last = structure[n - 1]

        // `:sch`, `:schema Bo`.
        if structure[start].isPunctuation(.colon), start == 0 || structure[start].precededByNewline {
            if n - start == 1 { return NameCandidates.keywords(NameCandidates.commands) }
            if n - start == 2, let command = structure[start + 1].identifierName,
                CommandTable.named(command)?.takesTable == true
            {
                return NameCandidates.recordTypes(environment)
            }
            return []
        }

        if last.isPunctuation(.dot) {
            if structure.endsOperand(n - 2) {
                let receiverStart = structure.postfixStart(endingAt: n - 2)
                guard let value = context.value(of: receiverStart..<(n - 1)) else { return [] }
                // `including(required: Album.`: only an association may go there.
                if case .table(let table, _, .recordType) = value,
                    let toManyOnly = associationArgument(startingAt: receiverStart, structure)
                {
                    return MemberCandidates.associations(
                        of: table, environment: context.environment, toManyOnly: toManyOnly)
                        + MemberCandidates.associationStatics(
                            of: table, environment: context.environment, toManyOnly: toManyOnly)
                }
                // The environment after evaluation: it knows the tables of the aliases the receiver attached.
                return MemberCandidates.candidates(after: value, environment: context.environment)
            }
            if n - 2 >= start, structure[n - 2].isPunctuation(.backslash) {
                // `\.name`: a column of the table in scope.
                guard let table = context.scope(at: n - 2).columnTable else { return [] }
                return MemberCandidates.columns(of: table, environment: environment)
            }
            // `.nocase`: an implicit member, meaningful in a few arguments.
            guard let opener = structure.enclosing[n - 1], opener >= start, structure[opener].isPunctuation(.leftParen),
                let call = structure.call(openedAt: opener)
            else { return [] }
            return NameCandidates.implicitMembers(
                for: call.name, index: structure.currentArgument(inside: opener).index)
        }

        // After a complete operand (`Author `), or naming a new binding (`let `), nothing is offered.
        if structure.endsOperand(n - 1) || last.isKeyword("let") || last.isKeyword("var") { return [] }
        return argumentCandidates(context)
    }

    /// Whether the tokens from `start` begin the argument of a method that takes
    /// an association (`including(all:)`, `joining(required:)`,
    /// `annotated(withOptional:)` …): true when only a to-many one fits there,
    /// false for any association, nil when it is no such argument.
    static func associationArgument(startingAt start: Int, _ structure: TokenStructure) -> Bool? {
        guard let opener = structure.enclosing[start], opener >= structure.statementStart,
            structure[opener].isPunctuation(.leftParen), let call = structure.call(openedAt: opener), call.isMember
        else { return nil }
        // The argument the receiver is in, and its label (`all` in `all: Album.`).
        var argumentStart = opener + 1
        var index = 0
        for i in (opener + 1)..<start where structure.enclosing[i] == opener && structure[i].isPunctuation(.comma) {
            argumentStart = i + 1
            index += 1
        }
        let label = structure.label(ofArgumentAt: argumentStart, end: start)
        // The receiver must be the argument's value, right after its label.
        guard index == 0, let label, start == argumentStart + 2 else { return nil }
        switch (call.name, label) {
        case ("including", "all"): return true
        case ("including", "required"), ("including", "optional"), ("joining", "required"), ("joining", "optional"),
            ("annotated", "withRequired"), ("annotated", "withOptional"):
            return false
        default: return nil
        }
    }

    /// Where an expression starts: inside a call, the call and its argument's label decide.
    static func argumentCandidates(_ context: ReceiverEvaluation) -> [Completion] {
        let structure = context.structure
        let environment = context.environment
        let n = structure.count
        let scope = context.scope(at: n)
        guard let opener = structure.enclosing[n], opener >= structure.statementStart,
            structure[opener].isPunctuation(.leftParen), let call = structure.call(openedAt: opener)
        else {
            return NameCandidates.expression(environment)
        }
        let argument = structure.currentArgument(inside: opener)
        let label = structure.label(ofArgumentAt: argument.start, end: n)
        let atArgumentStart = argument.start == n
        let labels =
            atArgumentStart
            ? NameCandidates.argumentLabels(of: call.name, isMember: call.isMember, index: argument.index) : []
        // Only the method's own scope matters, not what an outer call set.
        let isDerivable = call.receiver.flatMap { context.value(of: $0) }?.completionTable != nil
        guard call.isMember, isDerivable else {
            return NameCandidates.expression(environment) + NameCandidates.labels(labels)
        }
        switch (call.name, label, argument.index) {
        case ("including", nil, 0) where atArgumentStart, ("joining", nil, 0) where atArgumentStart,
            ("annotated", nil, 0) where atArgumentStart:
            return NameCandidates.labels(labels)
        case ("including", "all"?, 0):
            return NameCandidates.association(of: scope.associationTable, toManyOnly: true, environment)
        case ("including", "required"?, 0), ("including", "optional"?, 0), ("joining", "required"?, 0),
            ("joining", "optional"?, 0), ("annotated", "withRequired"?, 0), ("annotated", "withOptional"?, 0):
            return NameCandidates.association(of: scope.associationTable, toManyOnly: false, environment)
        case ("annotated", "with"?, 0), ("annotated", nil, _), ("having", nil, 0):
            return NameCandidates.aggregate(of: scope.associationTable, environment)
        default:
            return NameCandidates.expression(environment) + NameCandidates.labels(labels)
        }
    }
}
