extension Int64 {
    /// The quotient rounded toward negative infinity (`-1 / 1000` is `-1`, not `0`), for
    /// splitting milliseconds before the epoch into seconds and times into calendar periods.
    public func floorDivided(by divisor: Int64) -> Int64 {
        let q = self / divisor
        return (self % divisor != 0 && (self < 0) != (divisor < 0)) ? q - 1 : q
    }
}
