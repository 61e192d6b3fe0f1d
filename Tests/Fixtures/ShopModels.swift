// A small app's model file, as it stands in the app: arbor reads the GRDB
// declarations and ignores the rest.
import Foundation
import GRDB

protocol Priced {
    var priceCents: Int { get }
}

/// A customer of the shop.
struct Customer: Codable, FetchableRecord, PersistableRecord, Identifiable {
    static let databaseTableName = "customers"
    var id: Int64
    var fullName: String
    var email: String?

    enum Columns {
        static let id = Column(CodingKeys.id)
        static let fullName = Column(CodingKeys.fullName)
    }

    static let orders = hasMany(Order.self, using: Order.customerForeignKey)
    static let referrer = belongsTo(Customer.self, key: "referrer", using: ForeignKey(["referred_by"]))
    static let orderedProducts = hasMany(Product.self, through: orders, using: Order.products)

    var displayName: String {
        fullName.isEmpty ? "(anonymous)" : fullName
    }

    func greeting(in locale: Locale = .current) -> String {
        let parts = [fullName, email ?? ""].filter { !$0.isEmpty }
        return "Hello, \(parts.joined(separator: " "))!"
    }
}

struct Order: Codable, FetchableRecord, TableRecord, Priced {
    static let databaseTableName = "orders"
    static let customerForeignKey = ForeignKey(["customer_id"], to: ["id"])
    static let customer = belongsTo(Customer.self, using: customerForeignKey)
    static let lines = hasMany(LineItem.self, key: "lines", using: ForeignKey(["order_id"]))
    static let products = hasMany(Product.self, through: lines, using: LineItem.product)

    var id: Int64
    var priceCents: Int
    #if DEBUG
        var debugNote: String { "order \(id)" }
    #endif
}

extension Order {
    static let firstLine = hasOne(LineItem.self, key: "firstLine", using: ForeignKey(["order_id"]))
        .order(Column("position"))
}

struct LineItem: Codable, TableRecord {
    static let databaseTableName = "line_items"
    static let product = belongsTo(Product.self, using: ForeignKey(["product_sku"], to: ["sku"]))
    static let order = belongsTo(Order.self)
    var quantity: Int
}

enum Product: TableRecord {
    static let databaseTableName = "products"
    static let lineItems = hasMany(LineItem.self, using: ForeignKey(["product_sku"], to: ["sku"]))
}

final class OrderStore {
    private let dbQueue: DatabaseQueue
    init(dbQueue: DatabaseQueue) { self.dbQueue = dbQueue }
    func recentOrders() throws -> [Order] {
        try dbQueue.read { db in
            try Order.order(Column("id").desc).limit(10).fetchAll(db)
        }
    }
}
