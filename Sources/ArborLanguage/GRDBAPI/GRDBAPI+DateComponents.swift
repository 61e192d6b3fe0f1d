import ArborCore

/// GRDB's `DatabaseDateComponents`: Foundation's date components (`Calendar.dateComponents`)
/// stored as text in one of GRDB's formats, as requests compare them with date columns
/// (`Column("readAt") >= DatabaseDateComponents(components, format: .YMD_HMSS)`).
extension GRDBAPI {
    static let dateComponentsMembers: [GRDBMember] =
        [
            function(
                "DatabaseDateComponents", [CallForm([nil, "format"])],
                symbols: ["DatabaseDateComponents.init(_:format:)"]
            ) { evaluator, call in
                let components = try evaluator.evaluate(call.argument(0))
                guard case .swift(.dateComponents(let value)) = components else {
                    throw ArborError(
                        "cannot convert value of type '\(components.swiftTypeName)' to expected argument type 'DateComponents'",
                        at: call.argument(0).range)
                }
                let formatArgument = call.argument(1)
                guard case .implicitMember(let format) = formatArgument.kind,
                    StoredDateComponents.formatNames.contains(format)
                else {
                    throw ArborError(
                        "a format of `DatabaseDateComponents`: "
                            + StoredDateComponents.formatNames.map { ".\($0)" }.joined(separator: ", "),
                        at: formatArgument.range)
                }
                return .swift(.databaseDateComponents(value, format: format))
            }
        ]
        + StoredDateComponents.formatNames.map { name in
            GRDBMember(.property, name, on: [.typedArgument], symbols: ["DatabaseDateComponents.Format.\(name)"]) {
                _, _ in .implicitMember(name)
            }
        }
}
