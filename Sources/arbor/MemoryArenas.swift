import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// One malloc arena for the whole process. glibc gives each thread that allocates an arena
/// of its own: each thread that parses app code made one (64 MB of address space, its
/// first pages faulted in) for a few milliseconds of work, and what it freed stayed there.
/// With one arena, loading the benchmark's 100 model files takes about 2 ms less processor
/// time (a tenth of the load), and the main thread reuses what the parse threads free.
enum MemoryArenas {
    /// Called first, before any thread is started.
    static func useOne() {
        #if canImport(Glibc)
            // `mallopt` and `M_ARENA_MAX` (-8) are glibc's (malloc.h), which the Glibc module
            // does not export.
            guard let symbol = dlsym(dlopen(nil, RTLD_NOW), "mallopt") else { return }
            _ = unsafeBitCast(symbol, to: (@convention(c) (Int32, Int32) -> Int32).self)(-8, 1)
        #endif
    }
}
