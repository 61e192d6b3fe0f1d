import ArborCore
import XCTest

/// `JSONBytes.integer`: JSON's integers, and the line and column of every place a load's notes write.
final class DecimalBytesTests: XCTestCase {
    func testDecimalDigitsAreAppendedAsSwiftPrintsThem() {
        for value in [0, 7, 9, 10, 99, 100, 12_345, 1_000_000, -1, -90, Int.max, Int.min] {
            var bytes: [UInt8] = Array("at ".utf8)
            JSONBytes.integer(Int64(value), into: &bytes)
            XCTAssertEqual(String(decoding: bytes, as: UTF8.self), "at \(value)")
        }
    }
}
