/// A navigation config that cannot be used, with the key at fault.
public struct NavigationConfigError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The key at fault; nil when the text as a whole is wrong.
    public var key: String?
    /// What is wrong with it.
    public var message: String

    /// An error about `key` (nil: the whole config).
    public init(key: String?, message: String) {
        self.key = key
        self.message = message
    }

    /// `"key": message`, or the message alone.
    public var description: String {
        key.map { "\"\($0)\": \(message)" } ?? message
    }
}
