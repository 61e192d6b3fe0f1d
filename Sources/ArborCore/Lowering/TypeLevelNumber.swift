/// A natural number spelled as a type, so that a generic type can carry it in
/// its static members: `Twice<TwicePlusOne<Zero>>` is 2. Swift can not declare
/// a type at run time, but it can instantiate a generic one with any arguments.
protocol TypeLevelNumber {
    static var value: Int { get }
}

enum Zero: TypeLevelNumber {
    static var value: Int { 0 }
}

enum Twice<Half: TypeLevelNumber>: TypeLevelNumber {
    static var value: Int { 2 * Half.value }
}

enum TwicePlusOne<Half: TypeLevelNumber>: TypeLevelNumber {
    static var value: Int { 2 * Half.value + 1 }
}

/// The type that spells `n` (n ≥ 0), one nesting level per binary digit.
func typeLevelNumber(_ n: Int) -> any TypeLevelNumber.Type {
    guard n > 0 else { return Zero.self }
    func wrap<Half: TypeLevelNumber>(_: Half.Type) -> any TypeLevelNumber.Type {
        n % 2 == 1 ? TwicePlusOne<Half>.self : Twice<Half>.self
    }
    return wrap(typeLevelNumber(n / 2))
}
