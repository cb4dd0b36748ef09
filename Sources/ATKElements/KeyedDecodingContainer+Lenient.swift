extension KeyedDecodingContainer {
    /// Decodes a flag the way the SDK's `-boolValue` reads it: missing or
    /// `null` is `false`, numbers are true when non-zero, and strings are true
    /// for `true`, `yes`, `t`, `y` or a non-zero number, ignoring case.
    ///
    /// - Throws: `DecodingError.typeMismatch` for arrays and objects.
    func decodeLenientBool(forKey key: Key) throws -> Bool {
        guard contains(key), try !decodeNil(forKey: key) else { return false }
        if let flag = try? decode(Bool.self, forKey: key) { return flag }
        if let number = try? decode(Double.self, forKey: key) { return number != 0 }
        let text = try decode(String.self, forKey: key).lowercased()
        if ["true", "yes", "t", "y"].contains(text) { return true }
        return (Double(text) ?? 0) != 0
    }

    /// Decodes an optional text field that some servers send as a number.
    ///
    /// - Throws: `DecodingError.typeMismatch` for booleans, arrays and objects.
    func decodeLenientString(forKey key: Key) throws -> String? {
        guard contains(key), try !decodeNil(forKey: key) else { return nil }
        if let integer = try? decode(Int.self, forKey: key) { return String(integer) }
        if let number = try? decode(Double.self, forKey: key) { return String(number) }
        return try decode(String.self, forKey: key)
    }
}
