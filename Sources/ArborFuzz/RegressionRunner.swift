import ArborSession

// Without `-D ARBOR_FUZZ`, arbor-fuzz runs saved inputs (a regression corpus)
// through the same harness as the fuzzer.
#if !ARBOR_FUZZ
    import Foundation

    @main
    struct RegressionRunner {
        static let usage = """
            usage: arbor-fuzz [--open] FILE|DIRECTORY...
                                                run each file (each file of each directory) as one input;
                                                inputs whose first line is `// open:` (known crashes) only with --open
                   arbor-fuzz --dictionary          print the libFuzzer dictionary of the language
                   arbor-fuzz --mutate FILE SEED    print a grammar-aware mutation of FILE
            Exits 0 when every input ran without breaking a promise (an error outside the text,
            a failure without an error); a crash ends the process after the file's name is printed.
            """

        static func main() {
            var arguments = Array(CommandLine.arguments.dropFirst())
            let runsOpenInputs = arguments.first == "--open"
            if runsOpenInputs { arguments.removeFirst() }
            guard let first = arguments.first, first != "--help", first != "-h" else {
                print(usage)
                exit(arguments.isEmpty ? 2 : 0)
            }
            let harness: FuzzHarness
            do {
                harness = try FuzzHarness(runsOpenInputs: runsOpenInputs)
            } catch {
                fail("cannot open the demo database: \(error)")
            }
            let words = FuzzVocabulary.fixedWords + FuzzVocabulary.names(of: harness.session.environment)
            switch first {
            case "--dictionary":
                print(FuzzVocabulary.dictionary(words: words), terminator: "")
                exit(0)
            case "--mutate":
                guard arguments.count == 3, let seed = UInt64(arguments[2]),
                    let data = FileManager.default.contents(atPath: arguments[1])
                else {
                    fail("usage: arbor-fuzz --mutate FILE SEED")
                }
                let mutator = GrammarMutator(words: words, snippets: FuzzVocabulary.snippets)
                print(mutator.mutate(String(decoding: data, as: UTF8.self), seed: seed))
                exit(0)
            default:
                break
            }
            var count = 0
            var failures = 0
            for path in arguments {
                for file in files(at: path) {
                    guard let data = FileManager.default.contents(atPath: file) else { fail("cannot read \(file)") }
                    // The name first, so that a crash shows which input it was.
                    FileHandle.standardError.write(Data("\(file)\n".utf8))
                    let problems = harness.run(String(decoding: data, as: UTF8.self))
                    count += 1
                    for problem in problems {
                        failures += 1
                        print("\(file): \(problem)")
                    }
                }
            }
            print("arbor-fuzz: \(count) inputs, \(failures) problems")
            exit(failures == 0 ? 0 : 1)
        }

        /// The file itself, or the regular files of a directory (recursively), sorted.
        static func files(at path: String) -> [String] {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
                fail("\(path): no such file or directory")
            }
            guard isDirectory.boolValue else { return [path] }
            let enumerator = FileManager.default.enumerator(atPath: path)
            var files: [String] = []
            while let relative = enumerator?.nextObject() as? String {
                let full = (path as NSString).appendingPathComponent(relative)
                var isDir: ObjCBool = false
                if FileManager.default.fileExists(atPath: full, isDirectory: &isDir), !isDir.boolValue,
                    !relative.hasPrefix("."), !(relative as NSString).lastPathComponent.hasPrefix(".")
                {
                    files.append(full)
                }
            }
            return files.sorted()
        }

        static func fail(_ message: String) -> Never {
            FileHandle.standardError.write(Data("arbor-fuzz: \(message)\n".utf8))
            exit(2)
        }
    }
#endif
