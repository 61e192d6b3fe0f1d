extension String {
    /// `Type.member` (or `Outer.Inner`), made at once into its storage: a load makes one for
    /// every member and nested type, and an interpolation appends piece by piece.
    static func memberKey(_ path: String, _ name: String) -> String {
        var path = path
        var name = name
        return path.withUTF8 { path in
            name.withUTF8 { name in
                String(unsafeUninitializedCapacity: path.count + 1 + name.count) { buffer in
                    _ = buffer.initialize(fromContentsOf: path)
                    buffer[path.count] = UInt8(ascii: ".")
                    _ = buffer[(path.count + 1)...].initialize(fromContentsOf: name)
                    return path.count + 1 + name.count
                }
            }
        }
    }
}
