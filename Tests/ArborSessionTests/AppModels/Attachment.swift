import GRDB

/// Attachments have no primary key but their rowid; their metadata point at it.
struct Attachment: TableRecord {
    static let post = belongsTo(Post.self, using: ForeignKey(["postId"]))
    static let meta = hasOne(AttachmentMeta.self, using: AttachmentMeta.attachmentForeignKey)
}

struct AttachmentMeta: TableRecord {
    static let databaseTableName = "attachment_meta"
    static let attachmentForeignKey = ForeignKey([Column("attachmentRowId")], to: [Column.rowID])
    static let attachment = belongsTo(Attachment.self, using: attachmentForeignKey)
}
