import ATKCore
import Testing

/// The stack on its own, by ids.
@Suite struct NavigationStackTests {
    @Test("root reset, push, pop, same top, click on top and off the stack")
    func rules() {
        var stack = NavigationStack()
        let onEmpty = stack.click(on: 1, entity: 5)
        #expect(!onEmpty)
        stack.view(1, isRoot: true)
        stack.view(2, isRoot: false)
        let onTop = stack.click(on: 2, entity: 7)
        let belowTop = stack.click(on: 1, entity: 8)
        #expect(onTop && !belowTop)
        stack.view(3, isRoot: false)
        stack.view(2, isRoot: false)
        #expect(stack.frames == [.init(screen: 1), .init(screen: 2, entity: 7)])
        stack.view(2, isRoot: false)
        #expect(stack.frames.count == 2)
        stack.view(4, isRoot: true)
        #expect(stack.frames == [.init(screen: 4)])
        stack.appStart()
        #expect(stack.frames.isEmpty)
    }
}
