/// One step of the instance location, linked to its parent on the call stack.
///
/// The validator builds these with `withUnsafePointer` while it descends, so tracking
/// the location costs no allocation; the JSON Pointer string is only rendered when a
/// violation is reported.
struct InstancePathLink {
    let parent: UnsafePointer<InstancePathLink>?
    /// The member key, or `nil` for an array index.
    let key: UnsafeRawBufferPointer?
    let index: Int

    /// Renders the JSON Pointer (`""` at the root, otherwise for example `/items/0/sku`).
    static func render(_ link: UnsafePointer<InstancePathLink>?) -> String {
        var tokens: [String] = []
        var current = link
        while let step = current {
            if let key = step.pointee.key {
                tokens.append(JSONPointer.escape(String(decoding: key, as: UTF8.self)))
            } else {
                tokens.append(String(step.pointee.index))
            }
            current = step.pointee.parent
        }
        return tokens.reversed().reduce(into: "") { $0 += "/" + $1 }
    }
}
