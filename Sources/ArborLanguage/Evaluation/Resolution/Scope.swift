import ArborCore

extension Evaluator {
    /// The local `name`, innermost first: `scope.local(name)` with only the scope's frames
    /// read. A method called on `scope`, a struct this class holds, copies the whole scope
    /// first (a retain and a release of each of its fields), for each name looked up.
    func local(_ name: String) -> LocalName? { Scope.local(name, in: scope.frames) }

    /// The innermost type frame (`scope.typeFrame`), read the same way.
    var typeFrame: ScopeFrame? { Scope.typeFrame(in: scope.frames) }

    /// What names mean where an expression is evaluated: the lexical frames around it
    /// (a type's body › a function's parameters › a closure's › a block's locals), looked
    /// up innermost first, and what the request method being built says of bare names
    /// and columns. The session's names are the outermost frame, `Environment.session`,
    /// kept from statement to statement.
    struct Scope {
        /// The frames, outermost first.
        var frames: [ScopeFrame] = []

        /// Bare names resolve to associations of this table (inside `including(…)` and aggregates).
        var associationTable: String?
        /// `Column("x")`, `$0.x` and `\.x` are checked against this table.
        var columnTable: String?
        /// Names (such as `forKey` names of annotations) that count as columns of `columnTable`.
        var extraColumns: Set<String> = []
        /// True when the request joins other tables: GRDB then writes `Column("x")` qualified
        /// by the table (`"author"."x"`), which no longer reaches a name the request selects.
        var selectedNamesAreQualified = false
        /// In a record's `encode(to container:)`: the container's name, and the columns written.
        var encodingContainer: String?
        var encoded: [String: SQLValue] = [:]
        /// In an initializer of the app's type: its stored properties, and what the body has
        /// assigned them so far (`self.x = …`, or `x = …` where no local `x` may be assigned).
        var initializing: (properties: Set<String>, assigned: [String: Value])?
        /// What a `let` here binds: Swift's value in app code; in a `dbQueue.read { db in … }`
        /// typed at the prompt, whose `let`s become the session's names, what the prompt binds.
        var bindingSite: BindingSite = .appCode
        /// The unit (its index in the program) whose declaration is running: its file-scoped
        /// names (`private let pageSize` at its top level) are visible; nil at the prompt.
        var sourceUnit: Int?

        /// Whether `name = …` assigns a stored property of the value being initialized.
        func assignsProperty(_ name: String) -> Bool {
            guard let initializing, initializing.properties.contains(name) else { return false }
            // A local `var` (or a `let` waiting for its value) of the body takes the assignment.
            guard let local = local(name) else { return true }
            return !(local.isVariable || local.value == nil)
        }

        // MARK: Lexical names

        /// The local `name` (a parameter, a `let` or `var` of a body, a closure's `$0`), innermost first.
        func local(_ name: String) -> LocalName? { Self.local(name, in: frames) }

        /// `local(name)` in `frames`, each read where it is rather than copied.
        static func local(_ name: String, in frames: [ScopeFrame]) -> LocalName? {
            for index in frames.indices.reversed() {
                if let local = frames[index].names[name] { return local }
            }
            return nil
        }

        /// Declares `name` in the innermost frame that holds locals (a new block when there is none).
        mutating func declare(_ name: String, _ value: Value?, type: SwiftType? = nil, isVariable: Bool = false) {
            if frames.last?.kind == .type || frames.isEmpty { frames.append(ScopeFrame(kind: .block)) }
            frames[frames.count - 1].names[name] = LocalName(value: value, type: type, isVariable: isVariable)
        }

        /// Gives the local `name` a new value in the frame that declares it; false when no frame does.
        mutating func assign(_ name: String, _ value: Value) -> Bool {
            guard let index = frames.lastIndex(where: { $0.names[name] != nil }) else { return false }
            frames[index].names[name]?.value = value
            return true
        }

        /// The return type of the innermost function (not of a closure inside it).
        var returnType: SwiftType? {
            for frame in frames.reversed() {
                if frame.kind == .closure { return nil }
                if frame.kind == .function { return frame.returnType }
            }
            return nil
        }

        /// Runs `body` in a new frame of `kind`, dropped afterwards (assignments to outer names stay).
        mutating func push(_ kind: ScopeFrame.Kind) { frames.append(ScopeFrame(kind: kind)) }

        mutating func pop() { frames.removeLast() }

        // MARK: The enclosing type

        /// The innermost type frame: the declared type, its table and `self`.
        var typeFrame: ScopeFrame? { Self.typeFrame(in: frames) }

        static func typeFrame(in frames: [ScopeFrame]) -> ScopeFrame? {
            frames.lastIndex { $0.kind == .type }.map { frames[$0] }
        }

        /// Where the innermost type frame is: its fields are read there, not from a copy of
        /// the whole frame, as each name looked up reads them.
        private var typeFrameIndex: Int? { frames.lastIndex { $0.kind == .type } }

        private mutating func updateTypeFrame(_ change: (inout ScopeFrame) -> Void) {
            if let index = frames.lastIndex(where: { $0.kind == .type }) {
                change(&frames[index])
            } else {
                var frame = ScopeFrame(kind: .type)
                change(&frame)
                frames.insert(frame, at: 0)
            }
        }

        /// Inside a declaration: the declared type.
        var selfType: String? {
            get { typeFrameIndex.flatMap { frames[$0].selfType } }
            set { updateTypeFrame { $0.selfType = newValue } }
        }

        /// Inside a declaration: the declared type's table (or its enclosing record type's).
        var selfTable: String? {
            get { typeFrameIndex.flatMap { frames[$0].selfTable } }
            set { updateTypeFrame { $0.selfTable = newValue } }
        }

        /// Inside a request method: `self`, the request or type it was called on.
        var implicitSelf: Value? {
            get { typeFrameIndex.flatMap { frames[$0].implicitSelf } }
            set { updateTypeFrame { $0.implicitSelf = newValue } }
        }

        /// Every local's value, innermost winning: the view the code before frames had.
        /// Setting it changes each name where it is declared and declares new ones innermost.
        var closureParameters: [String: Value] {
            get {
                var all: [String: Value] = [:]
                for frame in frames {
                    for (name, local) in frame.names where local.value != nil { all[name] = local.value }
                }
                return all
            }
            set {
                for index in frames.indices {
                    frames[index].names = frames[index].names.filter {
                        newValue[$0.key] != nil || $0.value.value == nil
                    }
                }
                for (name, value) in newValue where !assign(name, value) {
                    declare(name, value, isVariable: true)
                }
            }
        }

        /// The declared types of locals (`Book.Kind`), as written.
        var localTypes: [String: String] {
            get {
                var all: [String: String] = [:]
                for frame in frames {
                    for (name, local) in frame.names { all[name] = local.type?.swiftName }
                }
                return all
            }
            set {
                for (name, written) in newValue {
                    let type = SwiftType(parsing: written)
                    if let index = frames.lastIndex(where: { $0.names[name] != nil }) {
                        frames[index].names[name]?.type = type
                    } else {
                        declare(name, nil, type: type)
                    }
                }
            }
        }
    }
}

/// One lexical level of names.
public struct ScopeFrame: Sendable {
    public enum Kind: Sendable {
        /// The session's `let` and `var` names: the outermost frame of every chain (`Environment.session`).
        case session
        /// A type's body: `self`, its statics and nested types.
        case type
        /// A function's or getter's parameters and locals.
        case function
        /// A closure's parameters (`$0`, `book`) and locals.
        case closure
        /// The locals of an `if`, `guard`'s `else`, a `switch` case.
        case block
    }

    public var kind: Kind
    /// In a type frame: the type, its table, and `self` in an instance member or request method.
    var selfType: String?
    var selfTable: String?
    var implicitSelf: Value?
    /// The extension's type aliases (`Cols` for `Book.Columns`), by name.
    var typeAliases: [String: String] = [:]
    /// In a function frame: the declared return type, the context of `return .init(…)`.
    var returnType: SwiftType?
    public internal(set) var names: [String: LocalName] = [:]

    public init(kind: Kind) {
        self.kind = kind
    }
}

/// A local name: its value (nil while a `let x: T` waits for its assignment), its
/// declared type, and whether it may be assigned again (`var`).
public struct LocalName: Sendable {
    public var value: Value?
    public var type: SwiftType?
    public var isVariable: Bool
}
