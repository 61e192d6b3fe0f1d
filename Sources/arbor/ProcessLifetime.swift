/// What stays allocated until the process exits: freeing a loaded program (its syntax,
/// declarations and environment, hundreds of megabytes for a large model file) took a
/// tenth of the load's time, for memory the exit gives back at once. As compilers skip
/// freeing at exit (clang's `-disable-free`); the database connection still closes.
enum ProcessLifetime {
    nonisolated(unsafe) private static var kept: [Any] = []

    static func keepUntilExit(_ value: Any) {
        kept.append(value)
    }
}
