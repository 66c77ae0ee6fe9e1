import Testing
@testable import ShopSwiftUI

@Test func nothingYet() {}
