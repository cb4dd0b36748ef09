/// Property lookup for one event, implemented by the caller so that step
/// filters can run over any event representation: a decoded dictionary, or a
/// zero-copy view into the JSON line (hand over the bytes of the string, or
/// the number token, without building a `String`).
///
/// A property is *missing* when `withText` returns `nil` and `numberValue`
/// returns `nil`.
public protocol FunnelPropertySource {
    /// Calls `body` with the property's text as UTF-8 bytes (unescaped for
    /// JSON strings; the source token for numbers and booleans, e.g. `100`,
    /// `2.5`, `true`) and returns its result, or returns `nil` when the
    /// property is missing or has no text form (null, object, array).
    func withText<Result>(_ name: String, _ body: (UnsafeRawBufferPointer) -> Result) -> Result?

    /// The property's value if the event stores it as a number, else `nil`.
    ///
    /// Sources may also parse numeric strings; filters compare numerically
    /// whenever this returns a value and the filter literal is numeric.
    func numberValue(_ name: String) -> Double?
}
