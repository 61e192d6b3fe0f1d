// The libFuzzer entry points, compiled with `-D ARBOR_FUZZ` and
// `-sanitize=fuzzer` (scripts/fuzz.sh).
#if ARBOR_FUZZ
    import ArborSession
    import CLibFuzzer
    import Foundation

    enum LibFuzzerTarget {
        nonisolated(unsafe) static let harness: FuzzHarness = {
            do {
                return try FuzzHarness()
            } catch {
                FileHandle.standardError.write(Data("arbor-fuzz: cannot open the demo database: \(error)\n".utf8))
                exit(2)
            }
        }()

        nonisolated(unsafe) static let mutator = GrammarMutator(
            words: FuzzVocabulary.fixedWords + FuzzVocabulary.names(of: harness.session.environment),
            snippets: FuzzVocabulary.snippets)

        /// `ARBOR_FUZZ_GRAMMAR=0` leaves mutation to libFuzzer alone; otherwise
        /// half of the mutations are grammar-aware.
        static let usesGrammar = ProcessInfo.processInfo.environment["ARBOR_FUZZ_GRAMMAR"] != "0"

        /// `ARBOR_FUZZ_STRICT=1`: a broken promise (an error outside the text…) counts as a crash.
        static let isStrict = ProcessInfo.processInfo.environment["ARBOR_FUZZ_STRICT"] == "1"
    }

    /// SwiftPM links an executable target's `main` to `<module>_main`: this one
    /// hands the command line to libFuzzer's driver, as libFuzzer's own `main` does.
    @_cdecl("ArborFuzz_main")
    public func arborFuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
        var argc = argc
        var argv = argv
        return LLVMFuzzerRunDriver(&argc, &argv) { data, size in fuzzerTestOneInput(data, size) }
    }

    @_cdecl("LLVMFuzzerInitialize")
    public func fuzzerInitialize(
        _ argc: UnsafeMutablePointer<CInt>?,
        _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>?
    ) -> CInt {
        _ = LibFuzzerTarget.harness
        _ = LibFuzzerTarget.mutator
        return 0
    }

    @_cdecl("LLVMFuzzerTestOneInput")
    public func fuzzerTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
        let text: String
        if let data, size > 0 {
            text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
        } else {
            text = ""
        }
        let problems = LibFuzzerTarget.harness.run(text)
        if LibFuzzerTarget.isStrict, !problems.isEmpty {
            FileHandle.standardError.write(
                Data(("arbor-fuzz: " + problems.joined(separator: "\narbor-fuzz: ") + "\n").utf8))
            abort()
        }
        return 0
    }

    /// Half of the mutations (by the seed's low bit) are grammar-aware, the
    /// others libFuzzer's own, which also uses the dictionary (`-dict=`).
    @_cdecl("LLVMFuzzerCustomMutator")
    public func fuzzerCustomMutator(
        _ data: UnsafeMutablePointer<UInt8>?, _ size: Int, _ maxSize: Int, _ seed: CUnsignedInt
    ) -> Int {
        guard let data else { return 0 }
        guard LibFuzzerTarget.usesGrammar, seed & 1 == 0 else { return LLVMFuzzerMutate(data, size, maxSize) }
        let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
        let mutated = Array(LibFuzzerTarget.mutator.mutate(text, seed: UInt64(seed)).utf8.prefix(maxSize))
        for (i, byte) in mutated.enumerated() { data[i] = byte }
        return mutated.count
    }
#endif
