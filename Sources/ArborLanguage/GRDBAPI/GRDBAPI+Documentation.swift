/// docs/LANGUAGE.md §2.3 is written from the registry, so the page says what dispatch does.
extension GRDBAPI {
    /// One row per entry offered on a table, a request or an association (aggregates have
    /// their own section): its signatures, where GRDB offers it, and what it needs more.
    static var requestMethodTable: String {
        let receivers: [GRDBReceiver] = [.table, .request, .association]
        var lines = [
            "| method | table | request | association | needs |", "| --- | :-: | :-: | :-: | --- |",
        ]
        for member in members
        where member.kind == .method && !member.offeredOn.isDisjoint(with: receivers)
            && !member.isAssociationAggregate
        {
            let signatures = member.signatures.split(separator: " · ").map { "`\($0)`" }.joined(separator: ", ")
            let marks = receivers.map { member.offeredOn.contains($0) ? "✓" : "" }
            lines.append(
                "| \(signatures) | " + (marks + [member.requirement?.documented ?? ""]).joined(separator: " | ") + " |")
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
