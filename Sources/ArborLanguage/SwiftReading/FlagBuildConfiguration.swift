import SwiftIfConfig
import SwiftSyntax

/// The build configuration `#if` sees in app code: arbor runs for no platform in
/// particular, so a platform condition holds exactly when its name is a defined flag
/// (`--define iOS` makes `os(iOS)` true), as `ConditionalCompilation` decides it at
/// the prompt. Modules arbor reads models of can be imported; the language is Swift 6.
struct FlagBuildConfiguration: BuildConfiguration {
    var flags: Set<String>

    func isCustomConditionSet(name: String) -> Bool { flags.contains(name) }
    func hasFeature(name: String) -> Bool {
        ConditionalCompilation.swift6Features.contains(name) || flags.contains(name)
    }
    func hasAttribute(name: String) -> Bool {
        ConditionalCompilation.swift6Attributes.contains(name) || flags.contains(name)
    }
    func canImport(importPath: [(TokenSyntax, String)], version: CanImportVersion) -> Bool {
        let module = importPath.map(\.1).joined(separator: ".")
        return ConditionalCompilation.importableModules.contains(module) || flags.contains(module)
    }
    func isActiveTargetOS(name: String) -> Bool { flags.contains(name) }
    func isActiveTargetArchitecture(name: String) -> Bool { flags.contains(name) }
    func isActiveTargetEnvironment(name: String) -> Bool { flags.contains(name) }
    func isActiveTargetRuntime(name: String) -> Bool { flags.contains(name) }
    func isActiveTargetPointerAuthentication(name: String) -> Bool { flags.contains(name) }
    func isActiveTargetObjectFormat(name: String) -> Bool { flags.contains(name) }
    var targetPointerBitWidth: Int { 64 }
    var targetAtomicBitWidths: [Int] { [32, 64] }
    var endianness: Endianness { .little }
    var languageVersion: VersionTuple { VersionTuple(components: ConditionalCompilation.swiftVersion) }
    var compilerVersion: VersionTuple { VersionTuple(components: ConditionalCompilation.swiftVersion) }
}
