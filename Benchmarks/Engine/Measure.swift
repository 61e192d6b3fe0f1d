import Foundation

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#endif

/// Timing and reporting helpers: every figure is printed beside the reference
/// it is compared to, measured in the same run, and their ratio.
enum Measure {
    /// Seconds taken by `body`: the median of `repeat` runs after one warm-up.
    static func seconds(repeat count: Int = 5, warmUp: Bool = true, _ body: () throws -> Void) rethrows -> Double {
        if warmUp { try body() }
        var samples: [Double] = []
        for _ in 0..<count {
            let start = DispatchTime.now().uptimeNanoseconds
            try body()
            samples.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
        }
        return samples.sorted()[samples.count / 2]
    }

    /// The p-th percentile of samples.
    static func percentile(_ samples: [Double], _ p: Double) -> Double {
        guard !samples.isEmpty else { return 0 }
        let sorted = samples.sorted()
        return sorted[min(sorted.count - 1, Int(Double(sorted.count - 1) * p))]
    }

    /// Runs a command with its output sent to /dev/null; returns its wall time.
    /// `posix_spawn` and `wait4` directly (`processTimes`): Foundation's `Process` polls for the
    /// child's exit and adds tens of milliseconds to short commands.
    static func process(_ executable: String, _ arguments: [String]) throws -> Double {
        try processTimes(executable, arguments).wall
    }

    /// Wall time and peak resident memory (MB) of one run, as GNU `time` measures
    /// them (spawned from this big process, a child's own `ru_maxrss` would count
    /// this process's memory it shared until `exec`).
    static func timeAndPeak(_ executable: String, _ arguments: [String]) throws -> (seconds: Double, peakMB: Double) {
        let report = FileManager.default.temporaryDirectory.appendingPathComponent("arbor-time-\(getpid())").path
        defer { try? FileManager.default.removeItem(atPath: report) }
        _ = try Measure.process("/usr/bin/time", ["-f", "%e %M", "-o", report, executable] + arguments)
        // The last line: a status other than 0 is said on a line before it.
        let lines = (try String(contentsOfFile: report, encoding: .utf8)).split(separator: "\n")
        let fields = (lines.last ?? "").split(separator: " ").compactMap { Double($0) }
        guard fields.count >= 2 else { throw NSError(domain: "time", code: 1) }
        return (fields[0], fields[1] / 1024)
    }

    /// What a command takes: wall time, processor time and peak resident memory.
    struct ChildUsage {
        var seconds: Double
        /// User and system time of the process (all its threads).
        var processorSeconds: Double
        var peakMB: Double
    }

    /// Wall and processor time of a command (the medians of `count` runs, from `wait4`'s
    /// usage, to the microsecond), and its peak memory as GNU `time` measures it (see
    /// `timeAndPeak`: a child spawned from this process would count this process's pages).
    static func usage(_ executable: String, _ arguments: [String], runs count: Int = 1) throws -> ChildUsage {
        var walls: [Double] = []
        var processors: [Double] = []
        for _ in 0..<count {
            let (wall, processor) = try processTimes(executable, arguments)
            walls.append(wall)
            processors.append(processor)
        }
        let peak = try timeAndPeak(executable, arguments).peakMB
        return ChildUsage(
            seconds: walls.sorted()[count / 2], processorSeconds: processors.sorted()[count / 2], peakMB: peak)
    }

    /// One run's wall time and processor time (user and system, every thread).
    static func processTimes(_ executable: String, _ arguments: [String]) throws -> (wall: Double, processor: Double) {
        #if canImport(Darwin)
            var actions: posix_spawn_file_actions_t? = nil
            let environment = _NSGetEnviron().pointee
        #else
            var actions: posix_spawn_file_actions_t = posix_spawn_file_actions_t()
            let environment = environ
        #endif
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let argv: [UnsafeMutablePointer<CChar>?] = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var pid: pid_t = 0
        let start = DispatchTime.now().uptimeNanoseconds
        let result = posix_spawn(&pid, executable, &actions, nil, argv, environment)
        guard result == 0 else { throw NSError(domain: "spawn", code: Int(result)) }
        var status: Int32 = 0
        var usage = rusage()
        wait4(pid, &status, 0, &usage)
        let wall = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1e6 }
        return (wall, seconds(usage.ru_utime) + seconds(usage.ru_stime))
    }

    /// Peak resident memory of this process, in MB (`VmHWM`).
    static func peakResidentMB() -> Double { statusField("VmHWM") }

    /// Current resident memory of this process, in MB (`VmRSS`).
    static func residentMB() -> Double { statusField("VmRSS") }

    private static func statusField(_ name: String) -> Double {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return 0 }
        for line in status.split(separator: "\n") where line.hasPrefix(name + ":") {
            let digits = line.split(separator: " ").compactMap { Double($0) }
            return (digits.first ?? 0) / 1024
        }
        return 0
    }

    static func report(
        _ figure: String, _ value: String, reference: String = "", ratio: Double? = nil, goal: String = ""
    ) {
        // A label longer than its column is kept whole (`padding` would cut it), the columns after it moved.
        var line =
            (figure.count > 58 ? figure : figure.padding(toLength: 58, withPad: " ", startingAt: 0)) + " "
            + value.padding(toLength: 12, withPad: " ", startingAt: 0)
        if !reference.isEmpty { line += " ref " + reference.padding(toLength: 12, withPad: " ", startingAt: 0) }
        if let ratio { line += String(format: " ratio %.2f", ratio) }
        if !goal.isEmpty { line += "  (goal \(goal))" }
        print(line)
        fflush(nil)
    }

    static func ms(_ seconds: Double) -> String { String(format: "%.1f ms", seconds * 1000) }
}
