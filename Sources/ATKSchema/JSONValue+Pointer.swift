extension JSONValue {
    /// The value the URI fragment `fragment` names inside this value as a JSON Pointer (`/$defs/id`,
    /// percent-encoded as in a `$ref`; `""` is the value itself), or `nil` when it names nothing.
    public func value(atFragment fragment: String) -> JSONValue? {
        guard let tokens = JSONPointer.tokens(fromFragment: fragment) else { return nil }
        return JSONPointer.resolve(tokens, in: self)
    }
}
