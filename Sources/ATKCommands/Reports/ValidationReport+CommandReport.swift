import ATKCore

extension ValidationReport: CommandReport {
    /// The validation report as text, JSON or JUnit XML.
    func render(_ format: ValidateFormat) -> String {
        switch format {
        case .text: text()
        case .json: json().serialized(indent: 2)
        case .junit: junit()
        }
    }
}
