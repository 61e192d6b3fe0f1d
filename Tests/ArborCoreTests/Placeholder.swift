import XCTest
final class PlaceholderArborCoreTests: XCTestCase { func testNothing() {} }
