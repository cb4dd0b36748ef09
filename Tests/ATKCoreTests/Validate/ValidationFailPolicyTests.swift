import Testing

@testable import ATKCore

@Suite("The fail policy: --fail-on and --max-error-rate")
struct ValidationFailPolicyTests {
    @Test("errors count when there are some and the error rate is over --max-error-rate (strictly)")
    func errorsCount() {
        let any = ValidationFailPolicy()
        #expect(!any.errorsCount(errors: 0, errorRate: 0))
        #expect(any.errorsCount(errors: 1, errorRate: 0.000_001))
        let half = ValidationFailPolicy(maxErrorRate: 0.5)
        #expect(!half.errorsCount(errors: 5, errorRate: 0.5))
        #expect(half.errorsCount(errors: 5, errorRate: 0.500_001))
        #expect(!half.errorsCount(errors: 0, errorRate: 0.9))
        #expect(ValidationFailPolicy(maxErrorRate: 0).errorsCount(errors: 1, errorRate: 0.001))
        #expect(!ValidationFailPolicy(maxErrorRate: 0).errorsCount(errors: 1, errorRate: 0))
        #expect(!ValidationFailPolicy(maxErrorRate: 1).errorsCount(errors: 10, errorRate: 1))
        // --fail-on never does not change whether errors count; it decides that nothing fails.
        #expect(ValidationFailPolicy(failOn: .never).errorsCount(errors: 1, errorRate: 1))
    }

    @Test("--fail-on error fails on counting errors, warning also on any warning, never on nothing")
    func failed() {
        let error = ValidationFailPolicy(failOn: .error)
        let warning = ValidationFailPolicy(failOn: .warning)
        let never = ValidationFailPolicy(failOn: .never)
        #expect(error.failed(errorsCount: true, warnings: 0))
        #expect(!error.failed(errorsCount: false, warnings: 9))
        #expect(warning.failed(errorsCount: true, warnings: 0))
        #expect(warning.failed(errorsCount: false, warnings: 1))
        #expect(!warning.failed(errorsCount: false, warnings: 0))
        #expect(!never.failed(errorsCount: true, warnings: 9))
    }

    @Test("a rule fails when it has findings its severity and the policy make failing")
    func ruleFails() {
        let error = ValidationFailPolicy(failOn: .error)
        let warning = ValidationFailPolicy(failOn: .warning)
        #expect(error.fails(.error, findings: 1, errorsCount: true))
        #expect(!error.fails(.error, findings: 1, errorsCount: false))
        #expect(!error.fails(.error, findings: 0, errorsCount: true))
        #expect(!error.fails(.warning, findings: 3, errorsCount: true))
        #expect(warning.fails(.warning, findings: 3, errorsCount: false))
        #expect(!warning.fails(.warning, findings: 0, errorsCount: false))
        #expect(!warning.fails(.error, findings: 2, errorsCount: false))
        #expect(!ValidationFailPolicy(failOn: .never).fails(.error, findings: 2, errorsCount: true))
    }
}
