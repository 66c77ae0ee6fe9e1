import Testing
@testable import CodeGen

/// Module names: what `tabgen init` writes for an Xcode project (Xcode's PRODUCT_MODULE_NAME
/// of a target of that name) and what option testableImport accepts.
struct SwiftModuleNameTests {
    @Test func derivedAsXcodeDerivesTheModuleOfATarget() {
        let cases: [(product: String, module: String)] = [
            ("Shop", "Shop"),
            ("My App", "My_App"),
            ("1st App", "_1st_App"),
            ("Rails App #1", "Rails_App__1"),
            (#"a:b"c\d'e-f.g"#, "a_b_c_d_e_f_g"),
            ("Café", "Café"),
            ("Übersicht 2", "Übersicht_2"),
            ("日本語", "日本語"),
            ("Cafe\u{301}", "Cafe\u{301}"),
            ("\u{301}a", "_\u{301}a"),
            ("a\u{2028}b\u{7F}c+d", "a_b_c_d"),
        ]
        for (product, module) in cases {
            #expect(SwiftModuleName.derived(fromProductName: product) == module, "\(product)")
            #expect(SwiftModuleName.isValid(module), "\(module)")
        }
    }

    @Test func aModuleNameIsAnIdentifierThatIsNotAKeyword() {
        for name in ["", "My App", "1st", "a-b", "\u{301}a", "class", "a+b", "a\u{2028}"] {
            #expect(!SwiftModuleName.isValid(name), "\(name)")
        }
        #expect((try? SwiftOptions(["testableImport": "Café"]))?.testableImport == "Café")
        #expect(throws: CodeGenError.self) { try SwiftOptions(["testableImport": "My App"]) }
    }
}
