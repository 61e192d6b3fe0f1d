extension Array where Element == UInt8 {
    /// The decimal digits of `value` appended, `-` first if it is negative: a place
    /// (`file:12:5`) written into a message or a rendering with no string made for it.
    public mutating func appendDecimal(_ value: Int) {
        if value < 0 { append(UInt8(ascii: "-")) }
        var rest = value.magnitude
        var divisor: UInt = 1
        while divisor <= rest / 10 { divisor *= 10 }
        while divisor > 0 {
            append(UInt8(ascii: "0") + UInt8(rest / divisor))
            rest %= divisor
            divisor /= 10
        }
    }
}
