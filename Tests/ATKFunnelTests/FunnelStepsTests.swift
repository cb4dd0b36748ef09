import ATKFunnel
import Testing

@Suite struct FunnelStepsTests {}

extension FunnelStepsTests {
    @Test func maskHasOneBitPerMatchingStep() throws {
        let funnel = try FunnelSteps(
            steps: StepSpec.parseList("View,Buy[price>=100],Buy[currency!=USD]"),
            exclusions: [StepSpec.parse("Refund")])
        let bigEuro = DictionarySource(values: ["price": .number(150, text: "150"), "currency": .string("EUR")])
        let smallDollar = DictionarySource(values: ["price": .number(5, text: "5"), "currency": .string("USD")])
        #expect(funnel.stepMask(eventName: "View", properties: bigEuro) == 0b001)
        #expect(funnel.stepMask(eventName: "Buy", properties: bigEuro) == 0b110)
        #expect(funnel.stepMask(eventName: "Buy", properties: smallDollar) == 0)
        #expect(funnel.isExclusion(eventName: "Refund", properties: smallDollar))
        #expect(funnel.isExclusion(eventName: "Buy", properties: smallDollar) == false)
    }

    @Test func stepCountIsLimited() throws {
        let step = try StepSpec.parse("A")
        #expect(throws: FunnelConfigurationError.stepCountOutOfRange(0)) {
            try FunnelSteps(steps: [])
        }
        #expect(throws: FunnelConfigurationError.stepCountOutOfRange(33)) {
            try FunnelSteps(steps: Array(repeating: step, count: 33))
        }
        #expect(
            try FunnelSteps(steps: Array(repeating: step, count: 32)).stepMask(
                eventName: "A", properties: DictionarySource(values: [:])) == .max)
    }
}
