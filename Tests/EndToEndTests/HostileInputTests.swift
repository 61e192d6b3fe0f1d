import ArborTestSupport
import Foundation
import XCTest

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#endif

/// Input nobody vetted, through the real binary: huge and deeply nested
/// statements, bytes that are not UTF-8, closed pipes and signals.
final class HostileInputTests: XCTestCase {
    static let megabyte = String(repeating: "x", count: 1 << 20)

    /// Through standard input: the kernel caps one argument at 128 KiB.
    func testAOneMegabyteStatementRunsAndItsErrorIsShort() throws {
        let valid = try HostileRun.run(
            ["--format", "json"], stdin: Data("Book.filter(Column(\"title\") == \"\(Self.megabyte)\")\n".utf8))
        XCTAssertEqual(valid.status, 0, String(valid.stderr.prefix(300)))
        XCTAssertEqual(String(decoding: valid.stdout, as: UTF8.self), "[]\n")
        let failing = try HostileRun.run(
            [], stdin: Data("Book.filter(Column(\"title\") == \"\(Self.megabyte)\").nope\n".utf8))
        XCTAssertEqual(failing.status, 1)
        XCTAssertLessThan(failing.stderr.utf8.count, 2_000, String(failing.stderr.prefix(300)))
        XCTAssertTrue(failing.stderr.contains("  …xxxxxxx"), failing.stderr)
        XCTAssertTrue(failing.stderr.contains("xxx\").nope"), failing.stderr)
        XCTAssertTrue(failing.stderr.contains("^~~~"), failing.stderr)
        let name = try HostileRun.run([], stdin: Data((Self.megabyte + "\n").utf8))
        XCTAssertEqual(name.status, 1)
        XCTAssertLessThan(name.stderr.utf8.count, 2_000, String(name.stderr.prefix(300)))
        // The largest argument the kernel passes.
        let argument = try HostileRun.run(["-c", String(repeating: "x", count: 120_000) + ".nope"])
        XCTAssertEqual(argument.status, 1)
        XCTAssertLessThan(argument.stderr.utf8.count, 2_000, String(argument.stderr.prefix(300)))
    }

    /// Each kind of nesting 100,000 levels deep (20,000 with `-c`, whose argument
    /// the kernel caps at 128 KiB): an error that names the limit, never a crash.
    func testNestingAHundredThousandLevelsDeepIsAnErrorThatSaysTheLimit() throws {
        func inputs(_ n: Int) -> [String: String] {
            [
                "parentheses": String(repeating: "(", count: n) + "1" + String(repeating: ")", count: n),
                "calls": String(repeating: "abs(", count: n) + "1" + String(repeating: ")", count: n),
                "arrays": String(repeating: "[", count: n) + "1" + String(repeating: "]", count: n),
                "closures": "Book.filter " + String(repeating: "{ ", count: n) + String(repeating: "}", count: n),
                "chains": "Book" + String(repeating: ".all()", count: n),
                "operators": "Book.filter(" + String(repeating: "1 + ", count: n) + "1)",
                "prefix": "Book.filter(" + String(repeating: "!", count: n) + "true)",
                "interpolations": String(repeating: "\"\\(", count: n) + String(repeating: ")\"", count: n),
                "unclosed": String(repeating: "(", count: n),
            ]
        }
        for (kind, text) in inputs(100_000).sorted(by: { $0.key < $1.key }) {
            // Line mode reads it (its bracket counting is not recursive).
            let result = try HostileRun.run([], stdin: Data((text + "\n").utf8))
            XCTAssertEqual(result.status, 1, "\(kind): \(result.stderr.prefix(300))")
            XCTAssertFalse(result.signaled, kind)
            XCTAssertLessThan(result.stderr.utf8.count, 2_000, kind)
            // (Interpolations stop at 8 levels, their own limit; an unclosed bracket is just unclosed.)
            if kind != "unclosed", kind != "interpolations" {
                XCTAssertTrue(result.stderr.contains("200"), "\(kind): the limit is said: \(result.stderr.prefix(300))")
            }
        }
        for (kind, text) in inputs(20_000).sorted(by: { $0.key < $1.key }) {
            let result = try HostileRun.run(["-c", text])
            XCTAssertEqual(result.status, 1, "\(kind) with -c: \(result.stderr.prefix(300))")
            XCTAssertFalse(result.signaled, kind)
        }
    }

    func testBindingsNestedFiveThousandTimesAreBounded() throws {
        var script = "let x = Column(\"year\")\n"
        for _ in 0..<5_000 { script += "let x = x + 1\n" }
        script += "Book.filter(x > 0).limit(1)\n"
        let result = try HostileRun.run([], stdin: Data(script.utf8))
        XCTAssertFalse(result.signaled, result.stderr.suffix(300).description)
        XCTAssertEqual(result.status, 1, String(result.stderr.suffix(300)))
        XCTAssertTrue(result.stderr.contains("nested more than"), String(result.stderr.prefix(300)))
    }

    func testInvalidUTF8OnStandardInputIsAClearErrorAndTheNextLinesRun() throws {
        var input = Data("Book.filter(key: 1).select(Column(\"id\"))\n".utf8)
        input.append(
            contentsOf: Array("Book.filter(Column(\"title\") == \"".utf8) + [0xC3, 0x28, 0xFF] + Array("\")\n".utf8))
        input.append(contentsOf: Array("Book.filter(key: 2).select(Column(\"id\"))\n".utf8))
        let result = try HostileRun.run([], stdin: input)
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(result.stderr, "arbor: line 2 of standard input is not valid UTF-8: statement skipped\n")
        XCTAssertEqual(String(decoding: result.stdout, as: UTF8.self), "book id:1\nbook id:2\n")
    }

    func testInvalidUTF8InACommandIsAUsageError() throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        // The shell passes the bytes through; Foundation's Process could not.
        process.arguments = [
            "-c", "'\(ArborProcess.executable.path)' -c \"$(printf 'Book.filter(Column(\\\"\\303\\050\\\") == 1)')\"",
        ]
        let err = Pipe()
        process.standardError = err
        process.standardOutput = Pipe()
        try process.run()
        let message = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 2)
        XCTAssertEqual(message, "arbor: argument 2 is not valid UTF-8\n")
    }

    func testNULBytesInInputAreAnErrorNotACrash() throws {
        let result = try HostileRun.run(
            [], stdin: Data("Book\u{0}.all()\nBook.filter(key: 1).select(Column(\"id\"))\n".utf8))
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.stderr.contains("\\u{0}"), result.stderr)
        XCTAssertEqual(HostileRun.terminalControls(in: Data(result.stderr.utf8)), [])
        XCTAssertEqual(String(decoding: result.stdout, as: UTF8.self), "book id:1\n")
        let command = try HostileRun.run(["-c", "Book.all()\u{1}"])
        XCTAssertEqual(command.status, 1)
    }

    /// `arbor … | head -1`: every format, and line mode, end quietly with status 0.
    func testAClosedPipeEndsQuietlyInEveryFormatAndInLineMode() throws {
        let statements = Array(repeating: "Author.including(all: Author.books)", count: 40)
        var runs: [(String, [String], Data?)] = []
        for format in ["tree", "table", "json", "jsonl", "csv", "tsv", "sql", "swift"] {
            runs.append((format, statements.flatMap { ["-c", $0] } + ["--format", format], nil))
        }
        runs.append(("line mode", [], Data((statements.joined(separator: "\n") + "\n").utf8)))
        for (name, arguments, input) in runs {
            let process = Process()
            process.executableURL = ArborProcess.executable
            process.arguments = ["--no-init"] + arguments
            let out = Pipe()
            let err = Pipe()
            let stdin = Pipe()
            process.standardOutput = out
            process.standardError = err
            process.standardInput = stdin
            try process.run()
            if let input { stdin.fileHandleForWriting.write(input) }
            try stdin.fileHandleForWriting.close()
            // Read one line, then go away as `head -1` does.
            var line = Data()
            while !line.contains(0x0A) {
                let chunk = out.fileHandleForReading.availableData
                if chunk.isEmpty { break }
                line.append(chunk)
            }
            try out.fileHandleForReading.close()
            let errors = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            XCTAssertFalse(line.isEmpty, name)
            XCTAssertEqual(process.terminationReason, .exit, name)
            XCTAssertEqual(process.terminationStatus, 0, "\(name): \(errors)")
            XCTAssertEqual(errors, "", "\(name): no message when the reader goes away")
        }
    }

    /// A query that never ends on its own (a recursive CTE without a bound).
    static let endless =
        "Book.filter(sql: \"(WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT max(x) FROM c) > 0\")"

    func testSIGINTInterruptsACommandWithStatus130() throws {
        let result = try HostileRun.run(
            ["-c", "Book.filter(key: 1).select(Column(\"id\"))", "-c", Self.endless, "-c", "Book"], signal: SIGINT,
            whenStdoutContains: "book id:1\n")
        XCTAssertFalse(result.signaled)
        XCTAssertEqual(result.status, 130, result.stderr)
        XCTAssertTrue(result.stderr.hasSuffix("arbor: interrupted\n"), result.stderr)
        XCTAssertEqual(String(decoding: result.stdout, as: UTF8.self), "book id:1\n", "the later command does not run")
    }

    func testSIGINTInLineModeReadingAScriptEndsWithStatus130() throws {
        let script = "Book.filter(key: 1).select(Column(\"id\"))\n\(Self.endless)\nBook.limit(1)\n"
        let result = try HostileRun.run(
            [], stdin: Data(script.utf8), signal: SIGINT, whenStdoutContains: "book id:1\n")
        XCTAssertFalse(result.signaled)
        XCTAssertEqual(result.status, 130, result.stderr)
        XCTAssertTrue(result.stderr.hasSuffix("arbor: interrupted\n"), result.stderr)
        XCTAssertEqual(String(decoding: result.stdout, as: UTF8.self), "book id:1\n")
    }

    func testSIGINTWhileWaitingForInputEndsWithStatus130() throws {
        // Standard input stays open: line mode waits for the next statement.
        let result = try HostileRun.run(
            [], stdin: Data("Book.filter(key: 1).select(Column(\"id\"))\n".utf8), signal: SIGINT,
            whenStdoutContains: "book id:1\n", afterStdin: true)
        XCTAssertEqual(result.status, 130, result.stderr)
        XCTAssertEqual(result.stderr, "arbor: interrupted\n")
        XCTAssertEqual(String(decoding: result.stdout, as: UTF8.self), "book id:1\n")
    }

    func testSIGTERMEndsACommandAtOnce() throws {
        let result = try HostileRun.run(
            ["-c", "Book.filter(key: 1).select(Column(\"id\"))", "-c", Self.endless], signal: SIGTERM,
            whenStdoutContains: "book id:1\n")
        XCTAssertTrue(result.signaled)
        XCTAssertEqual(result.status, SIGTERM)
        XCTAssertEqual(String(decoding: result.stdout, as: UTF8.self), "book id:1\n")
    }
}
