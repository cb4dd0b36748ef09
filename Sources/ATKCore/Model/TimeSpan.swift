/// The one syntax for spans of time in atk's options (`--window`, `--future-tolerance`,
/// `--duration-tolerance`, `--batch-gap`): a number and a unit, `250ms`, `90s`, `10m`, `1.5h`,
/// `7d`, `2w`.
///
/// A unit is required, so `5` is never read as seconds by one command and as milliseconds by
/// another.
public enum TimeSpan {
    private static let units: [(suffix: String, milliseconds: Double)] = [
        ("ms", 1), ("s", 1000), ("m", 60_000), ("h", 3_600_000), ("d", 86_400_000), ("w", 604_800_000),
    ]

    /// The longest span, in ms (about 285 million years): a span added to any time of
    /// ``TimeSyntax/instantRange`` still fits in 64 bits.
    public static let maximum: Int64 = 9_000_000_000_000_000_000

    /// What a valid span looks like, for error messages.
    public static let help =
        "a number and a unit: ms, s, m, h, d or w (250ms, 90s, 10m, 1.5h, 7d), "
        + "from 0 to 9000000000000000000ms (about 285 million years)"

    /// The span in milliseconds, or nil when `text` is not a span (no unit, negative, above ``maximum``).
    public static func milliseconds(_ text: String) -> Int64? {
        // The longest unit first: "ms" also ends in "s".
        for unit in units.sorted(by: { $0.suffix.count > $1.suffix.count }) where text.hasSuffix(unit.suffix) {
            let number = text.dropLast(unit.suffix.count)
            guard let first = number.first, first.isASCII && (first.isNumber || first == "."),
                number.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") }), let value = Double(number)
            else { return nil }
            let product = (value * unit.milliseconds).rounded()
            guard product.isFinite, product <= Double(maximum) else { return nil }
            return Int64(product)
        }
        return nil
    }
}
