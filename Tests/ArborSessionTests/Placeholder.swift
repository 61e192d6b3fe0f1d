import XCTest
final class PlaceholderArborSessionTests: XCTestCase { func testNothing() {} }
