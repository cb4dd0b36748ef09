/// The page stack of one user's app, as the navigation model of `Docs/paths.md` rebuilds it:
/// screens and entities are ids the caller interned, so the stack knows no names.
///
/// - `appStart()` empties the stack.
/// - `view(_:isRoot:)`: a root replaces the whole stack with itself; a screen already on the
///   stack pops everything above its highest frame (back navigation: that frame keeps its last
///   action, and viewing the top screen again pops nothing); any other screen is pushed.
/// - `click(on:entity:)` sets the top frame's last action when the click is on the top frame's
///   screen; otherwise it changes nothing and reports the click as off the stack.
public struct NavigationStack: Sendable, Equatable {
    /// One page on the stack: its screen and the entity of its last click (-1: none).
    public struct Frame: Sendable, Equatable {
        /// The screen's id.
        public var screen: Int32
        /// The entity of the last click on the page; -1 when there was none or it had no entity.
        public var entity: Int32

        /// A page of `screen` whose last action is `entity` (-1: none).
        public init(screen: Int32, entity: Int32 = -1) {
            self.screen = screen
            self.entity = entity
        }
    }

    /// The pages, bottom first.
    public private(set) var frames: [Frame] = []

    /// An empty stack.
    public init() {}

    /// The app (re)started: the stack is emptied.
    public mutating func appStart() {
        frames.removeAll(keepingCapacity: true)
    }

    /// A screen was viewed.
    ///
    /// - Complexity: O(stack depth).
    public mutating func view(_ screen: Int32, isRoot: Bool) {
        if isRoot {
            frames.removeAll(keepingCapacity: true)
            frames.append(Frame(screen: screen))
        } else if let index = frames.lastIndex(where: { $0.screen == screen }) {
            frames.removeSubrange((index + 1)...)
        } else {
            frames.append(Frame(screen: screen))
        }
    }

    /// A click on `screen` with entity `entity` (-1: none).
    ///
    /// - Returns: false when the click is off the stack (empty, or another screen on top): then
    ///   nothing changes.
    public mutating func click(on screen: Int32, entity: Int32) -> Bool {
        guard let top = frames.indices.last, frames[top].screen == screen else { return false }
        frames[top].entity = entity
        return true
    }
}
