#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#endif

/// POSIX `write(2)`, for the places where a type's own `write` hides the C one.
func systemWrite(_ descriptor: Int32, _ buffer: UnsafeRawPointer?, _ count: Int) -> Int {
    #if canImport(Darwin)
        Darwin.write(descriptor, buffer, count)
    #else
        Glibc.write(descriptor, buffer, count)
    #endif
}
