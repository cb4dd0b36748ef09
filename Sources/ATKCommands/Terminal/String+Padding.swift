extension String {
    /// The string with spaces in front, `width` characters in all (unchanged when longer).
    func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: " ", count: width - count) + self
    }

    /// The string with spaces after it, `width` characters in all (unchanged when longer).
    func padded(to width: Int) -> String {
        count >= width ? self : self + String(repeating: " ", count: width - count)
    }

    /// The string without the spaces at its end (a table row whose last cells are empty).
    func trimmingTrailingSpaces() -> String {
        var s = Substring(self)
        while s.last == " " { s = s.dropLast() }
        return String(s)
    }
}
