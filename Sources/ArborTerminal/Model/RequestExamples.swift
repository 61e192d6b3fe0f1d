import ArborCore
import ArborLanguage
import ArborSession

/// Requests to try, made from the open database's own tables and associations
/// (F1 and the empty results pane show them): a table, a to-many include and a
/// to-one include back.
public enum RequestExamples {
    /// Tables looked at: a schema of ten thousand tables must not slow the start.
    static let tablesLooked = 40

    public static func of(_ environment: Environment) -> [String] {
        let tables = environment.schema.tables.filter { $0.kind == .table }.prefix(tablesLooked)
        guard let first = tables.first else { return [] }
        for table in tables {
            let associations = environment.catalog.associations(of: table.name)
            guard let many = associations.first(where: { $0.plan.base.kind == .hasMany }) else { continue }
            let type = environment.displayName(ofTable: table.name)
            var examples = [
                "\(type).all()",
                "\(type).including(all: \(type).\(SwiftIdentifier.typed(many.name)))",
            ]
            // The to-one way back, from the destination.
            let destination = many.plan.destination
            if let back = environment.catalog.associations(of: destination).first(where: {
                $0.plan.base.kind == .belongsTo && $0.plan.destination.lowercased() == table.name.lowercased()
            }) {
                let destinationType = environment.displayName(ofTable: destination)
                examples.append(
                    "\(destinationType).including(required: \(destinationType).\(SwiftIdentifier.typed(back.name)))")
            }
            return examples
        }
        // No association: the first table, and one of its to-one includes if any.
        let type = environment.displayName(ofTable: first.name)
        var examples = ["\(type).all()"]
        if let one = environment.catalog.associations(of: first.name).first(where: { !$0.plan.isToMany }) {
            examples.append("\(type).including(optional: \(type).\(SwiftIdentifier.typed(one.name)))")
        }
        return examples
    }
}
