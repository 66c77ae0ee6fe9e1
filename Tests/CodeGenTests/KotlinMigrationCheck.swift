import Foundation

/// The edits docs/android.md ("Replacing a hand-written `TabData`") tells an app to make,
/// written as the reference Android client's code is after them, against the built-in
/// schema's generated types: they compile (warnings as errors, explicit API) and keep the
/// app's string logic, an unknown value included. Compiled and run by KotlinEndToEndTests.
enum KotlinMigrationCheck {
    static let testCount = 1

    static func write(package: String, to directory: URL) throws {
        let text = """
        package tabgen.e2e.app

        import \(package).Deprecation
        import \(package).TabData
        import org.junit.Assert.assertEquals
        import org.junit.Test

        // The app's own types, as the reference client declares them.
        public data class TabItem(public val id: Int, public val serverId: String, public val title: String)
        public data class DeprecationEntry(public val level: String, public val replacement: TabData?)

        // Edit 2: the hand-written member function becomes an extension; call sites keep `toTabItem(id = ...)`.
        public fun TabData.toTabItem(id: Int): TabItem = TabItem(id = id, serverId = this.id, title = title)

        // Edit 3: the String logic reads the wire string.
        public fun keptDeprecated(tabs: List<TabData>, active: String): List<String> {
            val kept = mutableListOf<String>()
            for (tab in tabs) {
                val deprecation = tab.deprecated?.value ?: continue
                when (deprecation) {
                    "soft" -> kept.add(tab.id)
                    "hard" -> if (active == tab.id) kept.add(tab.id)
                }
            }
            return kept
        }

        public fun entry(tab: TabData): DeprecationEntry? =
            if (tab.deprecated != null) DeprecationEntry(level = tab.deprecated.value, replacement = null) else null

        // Edit 3, the other way: a `when` over the enum covers Unknown.
        public fun label(deprecation: Deprecation): String = when (deprecation) {
            Deprecation.Soft -> "soft"
            Deprecation.Hard -> "hard"
            is Deprecation.Unknown -> "unknown " + deprecation.value
        }

        public class MigrationTest {
            // Edit 4: tests pass Deprecation.Soft where they passed "soft".
            private val tabs = listOf(
                TabData(id = "a", title = "A", icon = "house", path = "/a"),
                TabData(id = "b", title = "B", icon = "star", path = "/b", deprecated = Deprecation.Soft),
                TabData(id = "c", title = "C", icon = "gear", path = "/c", deprecated = Deprecation.Hard),
                TabData(id = "d", title = "D", icon = "bell", path = "/d", deprecated = Deprecation.of("urgent")),
            )

            @Test
            public fun documentedEditsKeepTheAppsLogic() {
                assertEquals(TabItem(id = 7, serverId = "a", title = "A"), tabs[0].toTabItem(id = 7))
                assertEquals(listOf("b"), keptDeprecated(tabs, active = "a"))
                assertEquals(listOf("b", "c"), keptDeprecated(tabs, active = "c"))
                val hard = entry(tabs[2])
                assertEquals("hard", hard?.level)
                assertEquals(false, hard?.level != "hard")
                assertEquals("urgent", entry(tabs[3])?.level)
                assertEquals(null, entry(tabs[0]))
                assertEquals(listOf("soft", "hard", "unknown urgent"), tabs.mapNotNull { it.deprecated }.map(::label))
            }
        }

        """
        let path = directory.appendingPathComponent("src/test/kotlin/tabgen/e2e/app/MigrationTest.kt")
        try FileManager.default.createDirectory(at: path.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: path)
    }
}
