import ArgumentParser

/// `--color auto|always|never` (docs/INTERFACE.md): colour is the terminal interface's;
/// `auto` honours `NO_COLOR`, the other two override it.
enum ColorChoice: String, ExpressibleByArgument, CaseIterable {
    case auto, always, never

    /// The environment the terminal interface reads its colours from.
    func environment(_ environment: [String: String]) -> [String: String] {
        var environment = environment
        switch self {
        case .auto: break
        case .always: environment["NO_COLOR"] = nil
        case .never: environment["NO_COLOR"] = "1"
        }
        return environment
    }
}
