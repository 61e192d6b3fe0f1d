import ArborTestSupport
import Foundation
import XCTest

/// expected.txt is what GRDB gives for each documentation example: the examples compiled
/// against GRDB (ARBOR_COMPILE_GRDB=1, minutes) and run on schema.sql. A drift rewrites
/// the file and fails, so that the change is reviewed and committed.
final class GRDBDocExamplesExpectedTests: XCTestCase {
    func testExpectedOutputsAreGRDBs() throws {
        try XCTSkipUnless(GRDBCompilation.isEnabled, "set ARBOR_COMPILE_GRDB=1 to compile against GRDB (minutes)")
        let examples = try DocExampleCorpus.examples()
        let program = try DocExampleProgram.build(examples)
        let outputs = try examples.map { (id: $0.id, lines: try program.output($0)) }
        let text = DocExampleCorpus.formatOutputs(outputs)
        let committed = try? DocExampleCorpus.read("expected.txt")
        if committed != text {
            try Data(text.utf8).write(to: DocExampleCorpus.url("expected.txt"))
            XCTFail("expected.txt was not GRDB's output: rewritten, review the difference and commit it")
        }
    }
}
