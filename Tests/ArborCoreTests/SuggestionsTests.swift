import ArborCore
import XCTest

/// "did you mean …?": the closest names, nearest first, each offered once.
final class SuggestionsTests: XCTestCase {
    func testTheClosestNamesComeNearestFirst() {
        XCTAssertEqual(Suggestions.closest(to: "bokks", in: ["author", "books", "boks"]), ["boks", "books"])
        XCTAssertEqual(Suggestions.didYouMean("bokks", in: ["books", "author"]), "did you mean `books`?")
        XCTAssertNil(Suggestions.didYouMean("zzzzzz", in: ["books", "author"]))
    }

    /// A name both an association and its type's static (or two types' of one table) is
    /// in the candidates twice: it is suggested once.
    func testANameInSeveralListsIsSuggestedOnce() {
        XCTAssertEqual(Suggestions.closest(to: "bokks", in: ["books", "author", "books"]), ["books"])
        XCTAssertEqual(Suggestions.didYouMean("bokks", in: ["books", "books"]), "did you mean `books`?")
    }
}
