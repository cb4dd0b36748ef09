/// A `multipleOf` divisor with an exact decimal form, so `0.0075` is a multiple of `0.0001`.
///
/// Both the divisor and the instance are written as `mantissa × 10^-scale` (the shortest
/// such form that round-trips through `Double`), and divisibility is decided on the
/// integers. When that overflows `Int64` the check falls back to floating point division.
/// A non-finite quotient (for example `1e308 / 0.123456789`) means "not a multiple", unless the
/// instance is an integer and the divisor is `1/n` for an integer `n` (for example `1e308` and `0.5`).
struct DecimalMultiple: Sendable {
    let divisor: Double
    private let mantissa: Int64?
    private let scale: Int

    private static let powersOfTen: [Double] = (0...18).map { exponent in
        (0..<exponent).reduce(1.0) { result, _ in result * 10 }
    }

    private static let integerPowersOfTen: [Int64] = (0...18).map { exponent in
        (0..<exponent).reduce(Int64(1)) { result, _ in result * 10 }
    }

    init(_ value: JSONValue) {
        divisor = value.doubleValue
        if let exact = value.int64Value {
            mantissa = exact
            scale = 0
        } else if let (m, s) = DecimalMultiple.decimal(of: divisor) {
            mantissa = m
            scale = s
        } else {
            mantissa = nil
            scale = 0
        }
    }

    /// The shortest `(mantissa, scale)` with `Double(mantissa) / 10^scale == value`.
    private static func decimal(of value: Double) -> (Int64, Int)? {
        guard value.isFinite else { return nil }
        for scale in 0..<powersOfTen.count {
            let scaled = (value * powersOfTen[scale]).rounded()
            guard abs(scaled) < 9.0e15 else { return nil }
            if scaled / powersOfTen[scale] == value {
                return (Int64(scaled), scale)
            }
        }
        return nil
    }

    /// Whether the number `instance` is an integer multiple of the divisor.
    func isMultiple<I: JSONInstance>(_ instance: I) -> Bool {
        if let divisorMantissa = mantissa {
            let instanceDecimal: (Int64, Int)? =
                instance.int64Value.map { ($0, 0) }
                ?? DecimalMultiple.decimal(of: instance.doubleValue)
            if let (valueMantissa, valueScale) = instanceDecimal,
                let result = DecimalMultiple.divides(divisorMantissa, scale, valueMantissa, valueScale)
            {
                return result
            }
        }
        let quotient = instance.doubleValue / divisor
        guard quotient.isFinite else {
            let reciprocal = 1 / divisor
            return SchemaProgram.isIntegral(instance) && reciprocal.rounded() == reciprocal
        }
        return quotient.rounded() == quotient
    }

    /// Whether `dm·10^-ds` divides `vm·10^-vs`, or `nil` on overflow.
    private static func divides(_ dm: Int64, _ ds: Int, _ vm: Int64, _ vs: Int) -> Bool? {
        guard dm != 0 else { return nil }
        if ds >= vs {
            let shift = ds - vs
            guard shift < integerPowersOfTen.count else { return nil }
            let (scaled, overflow) = vm.multipliedReportingOverflow(by: integerPowersOfTen[shift])
            guard !overflow else { return nil }
            let (remainder, trap) = scaled.remainderReportingOverflow(dividingBy: dm)
            return trap ? nil : remainder == 0
        }
        let shift = vs - ds
        guard shift < integerPowersOfTen.count else { return nil }
        let (scaled, overflow) = dm.multipliedReportingOverflow(by: integerPowersOfTen[shift])
        guard !overflow else { return nil }
        let (remainder, trap) = vm.remainderReportingOverflow(dividingBy: scaled)
        return trap ? nil : remainder == 0
    }
}
