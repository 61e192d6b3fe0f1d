import XCTest
final class PlaceholderArborLanguageTests: XCTestCase { func testNothing() {} }
