/// A value's stored fields in one shared reference, copied only when a value that shares
/// them changes one. For values with many fields that are copied to read one (a table of
/// the schema, a type of the app's code: loading reads them thousands of times), a copy is
/// then one retain instead of one per field. Inlinable, with `_read` and `_modify`, so that
/// reading or changing one field touches that field only, in any module.
@frozen
public struct CopyOnWrite<Fields: Sendable>: @unchecked Sendable {
    /// Changed only through `fields`' `_modify`, when no other value shares it: a box shared
    /// between threads is only read.
    @usableFromInline
    final class Box {
        @usableFromInline var fields: Fields
        @inlinable init(_ fields: Fields) { self.fields = fields }
    }

    @usableFromInline var box: Box

    @inlinable
    public init(_ fields: Fields) {
        box = Box(fields)
    }

    @inlinable
    public var fields: Fields {
        _read { yield box.fields }
        _modify {
            if !isKnownUniquelyReferenced(&box) { box = Box(box.fields) }
            yield &box.fields
        }
    }
}

extension CopyOnWrite: Equatable where Fields: Equatable {
    @inlinable
    public static func == (left: CopyOnWrite, right: CopyOnWrite) -> Bool {
        left.box === right.box || left.fields == right.fields
    }
}

extension CopyOnWrite: Hashable where Fields: Hashable {
    @inlinable
    public func hash(into hasher: inout Hasher) {
        hasher.combine(fields)
    }
}
