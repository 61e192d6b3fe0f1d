import ArborCore

/// `:trace FILE` in the interface: its report shows in the overlay, and ↵ takes the
/// fix of the finding at the top of the view (the first `fix:` line from there down)
/// as the request in the input, selected and ready to run or refine.
enum TraceFix {
    static let marker = "   fix: "

    /// The request of the first `fix:` line that ends at or below wrapped line `top`.
    static func request(in overlay: Overlay, top: Int, width: Int) -> String? {
        var wrappedEnd = 0
        for line in overlay.lines {
            let height = max(
                1,
                OverlayView.wrapped(Overlay(title: "", lines: [line], wrapsWords: overlay.wrapsWords), width: width)
                    .count)
            wrappedEnd += height
            let text = line.map(\.text).joined()
            if wrappedEnd > top, text.hasPrefix(marker) { return String(text.dropFirst(marker.count)) }
        }
        return nil
    }
}
