import Testing
@testable import Schema

/// The value attribute and property of the bridge contract, named as Stimulus's
/// string_helpers and value_properties name them.
@Suite("Stimulus value names")
struct StimulusNamingTests {
    func contract(_ value: String) -> BridgeContract {
        BridgeContract(component: "navigation", event: "configure", stimulusIdentifier: "bridge--navigation", value: value)
    }

    @Test("attribute: dasherize keeps underscores; property: camelize of the key")
    func names() {
        let cases: [(value: String, attribute: String, property: String)] = [
            ("config", "data-bridge--navigation-config-value", "configValue"),
            ("tabBar", "data-bridge--navigation-tab-bar-value", "tabBarValue"),
            ("tab_bar", "data-bridge--navigation-tab_bar-value", "tabBarValue"),
            ("tab2", "data-bridge--navigation-tab2-value", "tab2Value"),
            ("a_1", "data-bridge--navigation-a_1-value", "a1Value"),
            ("x_Y", "data-bridge--navigation-x_-y-value", "x_YValue"),
        ]
        for (value, attribute, property) in cases {
            #expect(contract(value).valueAttribute == attribute, "\(value)")
            #expect(contract(value).valueProperty == property, "\(value)")
        }
    }
}
