import ArborCore
import ArborLanguage
import ArborSession

/// A through association from one row (`Track.playlists`, through `PlaylistTrack`):
/// the request that lands on the rows at its far end. An app holding the track
/// writes `track.request(for: Track.playlists)`; from the far side, with no record
/// at hand, it joins the pivot filtered on the row's key, which is the same SQL:
/// `Playlist.joining(required: Playlist.playlistTracks.filter(Column("TrackId") == 1))`.
enum ThroughLink {
    /// What a through association leads to from `row`: a request to land on its rows,
    /// or a NULL key on the way; nil when it can not be said.
    enum Landing: Equatable {
        case request(String)
        case nullKey
    }

    static func landing(
        _ entry: AssociationCatalog.Entry, from row: ResultRow, of table: String, environment: Environment
    ) -> Landing? {
        guard case .through(_, _, let pivot, let target, _) = entry.plan.base else { return nil }
        if entry.plan.operations.isEmpty, pivot.operations.isEmpty, target.operations.isEmpty,
            let landing = joinedLanding(pivot: pivot, target: target, from: row, of: table, environment: environment)
        {
            return landing
        }
        // Refined, nested or without an inverse: the row with its through rows as children.
        guard let info = environment.schema.table(named: table),
            let key = RowLinks.keyArguments(row: row, primaryKey: info.primaryKey)
        else { return nil }
        let type = environment.displayName(ofTable: table)
        let association = "\(type).\(SwiftIdentifier.typed(entry.name))"
        let include = entry.plan.isToMany ? "all" : "required"
        return .request("\(type).filter(\(key)).including(\(include): \(association))")
    }

    /// `Destination.joining(required: Destination.inverse.filter(pivot's key))`, when
    /// the pivot and the target are direct and the destination has the target's inverse.
    private static func joinedLanding(
        pivot: AssociationPlan, target: AssociationPlan, from row: ResultRow, of table: String,
        environment: Environment
    ) -> Landing? {
        let schema = environment.schema
        guard let pivotKey = ForeignKeyLink.resolve(pivot, name: pivot.displayName, schema: schema),
            let targetKey = ForeignKeyLink.resolve(target, name: target.displayName, schema: schema),
            let onPivot = pivotKey.landing(from: row, of: table, environment: environment)
        else { return nil }
        let middle = pivot.destination
        let destination = target.destination
        // The destination's association that follows the target's key back to the pivot table.
        let inverse = environment.catalog.associations(of: destination).first { entry in
            guard entry.plan.destination.sqlFolded == middle.sqlFolded,
                let key = ForeignKeyLink.resolve(entry, schema: schema)
            else { return false }
            return key.isSameKey(as: targetKey) && key.isForward(from: destination) != targetKey.isForward(from: middle)
        }
        guard let inverse else { return nil }
        switch onPivot {
        case .nullKey:
            return .nullKey
        case .filter(let filter):
            let type = environment.displayName(ofTable: destination)
            return .request(
                "\(type).joining(required: \(type).\(SwiftIdentifier.typed(inverse.name)).filter(\(filter)))")
        }
    }
}
