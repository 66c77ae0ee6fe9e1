/// Swift module names: what `@testable import NAME` accepts (option testableImport), and
/// the name Xcode gives the module of a target (what `tabgen init` writes for it).
package enum SwiftModuleName {
    /// Whether `name` is a Swift identifier (not a keyword) and so can be imported. Unlike
    /// the names tabgen makes (ASCII), a module may have the non-ASCII letters Swift and
    /// Xcode allow: a target `Café` is the module `Café`.
    package static func isValid(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, canStart(first), !SwiftNaming.keywords.contains(name) else { return false }
        return name.unicodeScalars.allSatisfy(canContinue)
    }

    /// The module of a target named `product`, as Xcode derives PRODUCT_MODULE_NAME
    /// (`$(PRODUCT_NAME:c99extidentifier)`): each character that cannot be in an identifier
    /// becomes `_`, and `_` goes before a first character that cannot start one
    /// (`My App` -> `My_App`, `1st App` -> `_1st_App`).
    package static func derived(fromProductName product: String) -> String {
        var name = String.UnicodeScalarView()
        for scalar in product.unicodeScalars {
            name.append(canContinue(scalar) ? scalar : "_")
        }
        if let first = name.first, !canStart(first) { name.insert("_", at: name.startIndex) }
        return String(name)
    }

    /// Swift's identifier characters: ASCII letters, digits and `_`, and the ranges of
    /// C11 Annex D.1 (the non-ASCII letters, digits and marks the Swift lexer accepts).
    static func canContinue(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.isASCII { return Naming.isASCIIAlphanumeric(scalar) || scalar == "_" }
        let value = scalar.value
        return continuation.contains { $0.contains(value) }
    }

    /// Not a digit, nor a combining mark (C11 Annex D.2).
    static func canStart(_ scalar: Unicode.Scalar) -> Bool {
        canContinue(scalar) && !Naming.isDigit(scalar) && !notInitially.contains { $0.contains(scalar.value) }
    }

    private static let continuation: [ClosedRange<UInt32>] = [
        0xA8...0xA8, 0xAA...0xAA, 0xAD...0xAD, 0xAF...0xAF, 0xB2...0xB5, 0xB7...0xBA, 0xBC...0xBE,
        0xC0...0xD6, 0xD8...0xF6, 0xF8...0xFF, 0x100...0x167F, 0x1681...0x180D, 0x180F...0x1FFF,
        0x200B...0x200D, 0x202A...0x202E, 0x203F...0x2040, 0x2054...0x2054, 0x2060...0x206F,
        0x2070...0x218F, 0x2460...0x24FF, 0x2776...0x2793, 0x2C00...0x2DFF, 0x2E80...0x2FFF,
        0x3004...0x3007, 0x3021...0x302F, 0x3031...0x303F, 0x3040...0xD7FF, 0xF900...0xFD3D,
        0xFD40...0xFDCF, 0xFDF0...0xFE44, 0xFE47...0xFFFD,
    ] + (UInt32(1)...14).map { plane in (plane << 16)...((plane << 16) | 0xFFFD) }

    private static let notInitially: [ClosedRange<UInt32>] = [0x300...0x36F, 0x1DC0...0x1DFF, 0x20D0...0x20FF, 0xFE20...0xFE2F]
}
