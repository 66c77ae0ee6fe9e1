// The JUnit test BridgeComponentBaseKotlinTests compiles with the generated bridge
// component bases and the Hotwire Native double (Tests/Kotlin/doubles/hotwire): an app's
// components, subclassed from the bases, receive messages as the library delivers them
// (`didReceive`) and reply through a delegate that records what goes to the web view.
package tabgen.bridge.test

import dev.hotwire.core.bridge.BridgeComponentFactory
import dev.hotwire.core.bridge.BridgeDelegate
import dev.hotwire.core.bridge.BridgeDestination
import dev.hotwire.core.bridge.Message
import dev.hotwire.core.bridge.Metadata
import dev.hotwire.core.config.Hotwire
import dev.hotwire.core.logging.HotwireLogLevel
import dev.hotwire.core.logging.HotwireLogger
import org.junit.Assert.assertEquals
import org.junit.Assert.assertTrue
import org.junit.Test
import tabgen.bridge.navigation.TabgenViolation
import tabgen.bridge.form.FormComponentBase
import tabgen.bridge.form.FormData
import tabgen.bridge.menu.MenuComponentBase
import tabgen.bridge.menu.MenuData
import tabgen.bridge.menu.Selection
import tabgen.bridge.navigation.MessageData
import tabgen.bridge.navigation.NavigationComponentBase

public class Screen : BridgeDestination {
    override fun bridgeWebViewIsReady(): Boolean = true
}

private fun describe(findings: List<TabgenViolation>): String =
    findings.joinToString(", ") { "${it.code} ${it.severity.label} ${it.pointer.ifEmpty { "(root)" }}" }

public class Navigation(name: String, delegate: BridgeDelegate<Screen>) : NavigationComponentBase<Screen>(name, delegate) {
    public val calls: MutableList<String> = mutableListOf()
    public val failures: MutableList<TabgenViolation> = mutableListOf()

    override fun onConfigure(data: MessageData) {
        calls += "onConfigure tabs=${data.tabs.joinToString(",") { it.id }} active=${data.active ?: "null"}"
    }

    override fun onUnknownEvent(message: Message) {
        calls += "onUnknownEvent ${message.event}"
    }

    override fun onDecodingFailure(event: String, findings: List<TabgenViolation>) {
        calls += "onDecodingFailure $event: ${describe(findings)}"
        failures += findings
    }

    override fun onDecodingWarnings(event: String, findings: List<TabgenViolation>) {
        calls += "onDecodingWarnings $event: ${describe(findings)}"
    }

    override fun onToleratedErrors(event: String, findings: List<TabgenViolation>) {
        calls += "onToleratedErrors $event: ${describe(findings)}"
    }
}

/** Overrides nothing but the handler: the default reports go to Hotwire.config.logger. */
public class QuietNavigation(name: String, delegate: BridgeDelegate<Screen>) : NavigationComponentBase<Screen>(name, delegate) {
    public var configured: Int = 0

    override fun onConfigure(data: MessageData) {
        configured += 1
    }
}

public class AppMenu(name: String, delegate: BridgeDelegate<Screen>) : MenuComponentBase<Screen>(name, delegate) {
    public val calls: MutableList<String> = mutableListOf()

    override fun onDisplay(data: MenuData) {
        calls += "onDisplay title=${data.title} items=${data.items.joinToString(",") { "${it.index}:${it.title}" }} source=${data.source ?: "none"}"
    }

    override fun onDecodingFailure(event: String, findings: List<TabgenViolation>) {
        calls += "onDecodingFailure $event: ${describe(findings)}"
    }
}

public class AppForm(name: String, delegate: BridgeDelegate<Screen>) : FormComponentBase<Screen>(name, delegate) {
    public val calls: MutableList<String> = mutableListOf()

    override fun onConnect(data: FormData) {
        calls += "onConnect submitTitle=${data.submitTitle}"
    }

    override fun onSubmitDisabled() {
        calls += "onSubmitDisabled"
    }

    // The typed metadata: the bridge adds the page's URL to every message.
    override fun onSubmitEnabled(metadata: Metadata?) {
        calls += "onSubmitEnabled url=${metadata?.url ?: "none"}"
    }
}

/** The form whose data admits no unknown member, decoded strictly (the internal variant). */
internal class ClosedForm(name: String, delegate: BridgeDelegate<Screen>) : tabgen.internal.form.FormComponentBase<Screen>(name, delegate) {
    val calls: MutableList<String> = mutableListOf()

    override fun onConnect(data: tabgen.internal.form.FormData) {
        calls += "onConnect submitTitle=${data.submitTitle}"
    }

    override fun onSubmitDisabled() {
        calls += "onSubmitDisabled"
    }

    override fun onDecodingFailure(event: String, findings: List<TabgenViolation>) {
        calls += "onDecodingFailure $event: ${findings.joinToString { "${it.code} ${it.pointer}" }}"
    }

    override fun onDecodingWarnings(event: String, findings: List<TabgenViolation>) {
        calls += "onDecodingWarnings $event: ${findings.joinToString { "${it.code} ${it.pointer}" }}"
    }
}

/** The navigation base generated with decoding: strict. */
public class StrictNavigation(name: String, delegate: BridgeDelegate<Screen>) :
    tabgen.strict.navigation.NavigationComponentBase<Screen>(name, delegate) {
    public val calls: MutableList<String> = mutableListOf()

    override fun onConfigure(data: tabgen.strict.navigation.MessageData) {
        calls += "onConfigure"
    }

    override fun onDecodingFailure(event: String, findings: List<TabgenViolation>) {
        calls += "onDecodingFailure $event: ${describe(findings)}"
    }

    override fun onToleratedErrors(event: String, findings: List<TabgenViolation>) {
        calls += "onToleratedErrors $event: ${describe(findings)}"
    }
}

/** A logger an app installs: records every line. */
public class RecordingLogger : HotwireLogger {
    override var logLevel: HotwireLogLevel = HotwireLogLevel.VERBOSE
    public val lines: MutableList<String> = mutableListOf()

    override fun v(tag: String, msg: () -> String) { lines += "V/$tag ${msg()}" }
    override fun d(tag: String, msg: () -> String) { lines += "D/$tag ${msg()}" }
    override fun i(tag: String, msg: () -> String) { lines += "I/$tag ${msg()}" }
    override fun w(tag: String, msg: () -> String) { lines += "W/$tag ${msg()}" }
    override fun e(tag: String, throwable: Throwable?, msg: () -> String) { lines += "E/$tag ${msg()}" }
}

public class BridgeComponentBaseTest {
    private val delegate = BridgeDelegate(location = "https://example.com/", destination = Screen(), componentFactories = emptyList())

    private fun message(component: String, event: String, json: String, id: String = "1"): Message =
        Message(id = id, component = component, event = event, metadata = Metadata("https://example.com/page"), jsonData = json)

    private fun navigation(json: String, event: String = "configure"): List<String> = received(json, event).calls

    private fun received(json: String, event: String = "configure"): Navigation {
        val component = Navigation(NavigationComponentBase.NAME, delegate)
        component.didReceive(message("navigation", event, json))
        return component
    }

    @Test
    public fun namesItsComponent() {
        val factory = BridgeComponentFactory(NavigationComponentBase.NAME, ::Navigation)
        assertEquals("navigation", factory.create(delegate).name)
        assertEquals("menu", MenuComponentBase.NAME)
        assertEquals("form", FormComponentBase.NAME)
    }

    @Test
    public fun configureCallsOnConfigureWithTheDecodedData() {
        val calls = navigation("""{"tabs":[{"id":"home","title":"Home","icon":"house","path":"/"},{"id":"inbox","title":"Inbox","icon":"tray","path":"/inbox"}],"active":"inbox","metadata":{"url":"https://example.com/page"}}""")
        assertEquals(listOf("onConfigure tabs=home,inbox active=inbox"), calls)
    }

    // A decoding failure is the first finding tabgen validate reports that decoding does not
    // let through: its code, exact pointer and message (kotlinx.serialization's own path is
    // relative to the tolerant serializers, and its error has no code).
    @Test
    public fun wrongTypeReachesOnDecodingFailureOnly() {
        val component = received("""{"tabs":[{"id":"home","title":7,"icon":"house","path":"/"}],"active":null}""")
        assertEquals(listOf("onDecodingFailure configure: TG010 error /tabs/0/title"), component.calls)
        assertEquals("expected a string, found number 7", component.failures.single().message)
    }

    @Test
    public fun missingMemberIsTG012() {
        val component = received("""{"tabs":[{"id":"home","icon":"house","path":"/"}],"active":null}""")
        assertEquals(listOf("onDecodingFailure configure: TG012 error /tabs/0"), component.calls)
        assertEquals("missing required property \"title\"", component.failures.single().message)
    }

    @Test
    public fun wrongShapeIsTG014AtTheList() {
        val component = received("""{"tabs":7,"active":null}""")
        assertEquals(listOf("onDecodingFailure configure: TG014 error /tabs"), component.calls)
        assertEquals("expected an array, found number 7", component.failures.single().message)
    }

    @Test
    public fun firstFindingInTextOrder() {
        // tabgen validate reports the missing member at its object before the enum value inside it.
        val calls = navigation("""{"tabs":[{"id":"home","title":"Home","icon":"house","path":"/"},{"id":"old","title":"Old","path":"/old","deprecated":5}],"active":null}""")
        assertEquals(listOf("onDecodingFailure configure: TG012 error /tabs/1"), calls)
    }

    @Test
    public fun malformedJsonIsTG001() {
        assertEquals(listOf("onDecodingFailure configure: TG001 error (root)"), navigation("""{"tabs":"""))
    }

    @Test
    public fun keyWrittenTwiceIsTG001() {
        // kotlinx.serialization alone takes the last; the text check refuses it as tabgen validate does.
        assertEquals(listOf("onDecodingFailure configure: TG001 error (root)"), navigation("""{"tabs":[],"active":null,"active":"home"}"""))
    }

    @Test
    public fun duplicateTabIdsReachOnDecodingFailureOnly() {
        val calls = navigation("""{"tabs":[{"id":"home","title":"Home","icon":"house","path":"/"},{"id":"inbox","title":"Inbox","icon":"tray","path":"/inbox"},{"id":"home","title":"Again","icon":"star","path":"/again"}],"active":"home"}""")
        assertEquals(listOf("onDecodingFailure configure: TG103 error /tabs/2/id"), calls)
    }

    /** What the reference Rails app sends a signed-in user on GET /favorites with the Explore flag off (TG102): the reference clients act on it. */
    @Test
    public fun activeNamingNoTabIsReportedThenHandled() {
        val calls = navigation("""{"active":"favorites","tabs":[{"id":"home","title":"Home","icon":"house.fill","path":"/"},{"id":"explore","title":"Explore","icon":"magnifyingglass","path":"/explore"},{"id":"library","title":"Library","icon":"books.vertical","path":"/library"},{"id":"profile","title":"Profile","icon":"person.crop.circle","path":"/profile"}]}""")
        assertEquals(listOf("onToleratedErrors configure: TG102 error /active", "onConfigure tabs=home,explore,library,profile active=favorites"), calls)
    }

    /** The same message with decoding: strict: refused, as every error is (issue 26: the documented strict option). */
    @Test
    public fun strictDecodingRefusesWhatTheDefaultTolerates() {
        val strict = StrictNavigation(tabgen.strict.navigation.NavigationComponentBase.NAME, delegate)
        strict.didReceive(message("navigation", "configure", """{"active":"favorites","tabs":[{"id":"home","title":"Home","icon":"house.fill","path":"/"},{"id":"explore","title":"Explore","icon":"magnifyingglass","path":"/explore"}]}"""))
        assertEquals(listOf("onDecodingFailure configure: TG102 error /active"), strict.calls)
    }

    /** No tabs: the reference Android client reads it as bootstrap (its `MessageData` defaults `tabs` to an empty list). */
    @Test
    public fun missingTabsIsReportedThenHandledAsBootstrap() {
        assertEquals(listOf("onToleratedErrors configure: TG012 error (root)", "onConfigure tabs= active=home"), navigation("""{"active":"home"}"""))
        val strict = StrictNavigation(tabgen.strict.navigation.NavigationComponentBase.NAME, delegate)
        strict.didReceive(message("navigation", "configure", """{"active":"home"}"""))
        assertEquals(listOf("onDecodingFailure configure: TG012 error (root)"), strict.calls)
    }

    /** A first tabbed message whose tabs are all deprecated makes the Android client throw (TG108, crashesClients). */
    @Test
    public fun allTabsDeprecatedReachOnDecodingFailureOnly() {
        val calls = navigation("""{"active":"home","tabs":[{"id":"home","title":"Home","icon":"house","path":"/","deprecated":"soft"},{"id":"inbox","title":"Inbox","icon":"tray","path":"/inbox","deprecated":"hard"}]}""")
        assertEquals(listOf("onDecodingFailure configure: TG108 error /tabs"), calls)
    }

    @Test
    public fun unknownEnumValueIsAWarningThenHandled() {
        val calls = navigation("""{"tabs":[{"id":"home","title":"Home","icon":"house","path":"/"},{"id":"inbox","title":"Inbox","icon":"tray","path":"/inbox"},{"id":"old","title":"Old","icon":"star","path":"/old","deprecated":"gentle"}],"active":"home"}""")
        assertEquals(listOf("onDecodingWarnings configure: TG011 warning /tabs/2/deprecated", "onConfigure tabs=home,inbox,old active=home"), calls)
    }

    @Test
    public fun unknownEventReachesItsHook() {
        assertEquals(listOf("onUnknownEvent reload"), navigation("{}", event = "reload"))
    }

    /** Runs [block] with a [RecordingLogger] as the app's logger, then puts the previous one back. */
    private fun withRecordingLogger(block: (RecordingLogger) -> Unit) {
        val logger = RecordingLogger()
        val previous = Hotwire.config.logger
        Hotwire.config.logger = logger
        try {
            block(logger)
        } finally {
            Hotwire.config.logger = previous
        }
    }

    @Test
    public fun defaultReportsGoToTheAppsLogger(): Unit = withRecordingLogger { logger ->
        val component = QuietNavigation(NavigationComponentBase.NAME, delegate)
        component.didReceive(message("navigation", "configure", """{"tabs":[{"id":"home","title":"Home","icon":"house","path":"/"},{"id":"inbox","title":"Inbox","icon":"tray","path":"/inbox"},{"id":"home","title":"Again","icon":"star","path":"/again"}],"active":"home"}"""))
        component.didReceive(message("navigation", "reload", "{}"))
        assertEquals(0, component.configured)
        assertEquals(2, logger.lines.size)
        assertTrue(logger.lines[0], logger.lines[0].startsWith("E/Tabgen navigation configure: error TG103 /tabs/2/id: "))
        assertEquals("W/Tabgen navigation: unknown event \"reload\"", logger.lines[1])
    }

    @Test
    public fun typedReplyAnswersTheDisplayMessage() {
        val menu = AppMenu(MenuComponentBase.NAME, delegate)
        menu.didReceive(message("menu", "display", """{"title":"Actions","items":[{"title":"Edit","index":0},{"title":"Delete","index":2}]}""", id = "7"))
        assertEquals(listOf("onDisplay title=Actions items=0:Edit,2:Delete source=none"), menu.calls)
        assertTrue(menu.replySelected(Selection(selectedIndex = 2)))
        assertEquals(listOf(message("menu", "display", """{"selectedIndex":2}""", id = "7")), delegate.replies)
    }

    @Test
    public fun replyBeforeAnyDisplayWarnsAsTheLibraryDoes(): Unit = withRecordingLogger { logger ->
        assertEquals(false, AppMenu(MenuComponentBase.NAME, delegate).replySelected(Selection(selectedIndex = 0)))
        // Hotwire Native's BridgeComponent.replyTo and CoreLog.logWarning.
        assertEquals(listOf("W/Hotwire-Core bridgeMessageFailedToReply ........ [message for event 'display' was not received]"), logger.lines)
    }

    @Test
    public fun theLibrarysDefaultLoggerLogsNothing() {
        assertEquals(HotwireLogLevel.NONE, Hotwire.config.logger.logLevel)
    }

    @Test
    public fun replyBeforeAnyDisplayIsNotSent() {
        val menu = AppMenu(MenuComponentBase.NAME, delegate)
        assertEquals(false, menu.replySelected(Selection(selectedIndex = 0)))
        assertEquals(emptyList<Message>(), delegate.replies)
    }

    @Test
    public fun menuItemIndexOfTheWrongType() {
        val menu = AppMenu(MenuComponentBase.NAME, delegate)
        menu.didReceive(message("menu", "display", """{"title":"Actions","items":[{"title":"Edit","index":"zero"}]}"""))
        assertEquals(listOf("onDecodingFailure display: TG010 error /items/0/index"), menu.calls)
    }

    // Issue 26: the demo's messages as the bridge sends them, metadata in the data, reach
    // the handlers of data with additionalProperties false decoded strictly: the envelope is
    // not an unknown member of the data.
    @Test
    public fun closedDataTakesTheEnvelope() {
        val form = ClosedForm(tabgen.internal.form.FormComponentBase.NAME, delegate)
        form.didReceive(message("form", "connect", """{"submitTitle":"Save","metadata":{"url":"https://example.com/page"}}""", id = "9"))
        form.didReceive(message("form", "submitDisabled", """{"metadata":{"url":"https://example.com/page"}}"""))
        assertEquals(listOf("onConnect submitTitle=Save", "onSubmitDisabled"), form.calls)
    }

    @Test
    public fun dataLessEventsAndReply() {
        val form = AppForm(FormComponentBase.NAME, delegate)
        form.didReceive(message("form", "connect", """{"submitTitle":"Save"}""", id = "9"))
        // As the bridge sends a data-less event: its data is the envelope alone.
        form.didReceive(message("form", "submitDisabled", """{"metadata":{"url":"https://example.com/page"}}"""))
        form.didReceive(message("form", "submitEnabled", "{}"))
        assertTrue(form.replySubmit())
        assertEquals(listOf("onConnect submitTitle=Save", "onSubmitDisabled", "onSubmitEnabled url=https://example.com/page"), form.calls)
        assertEquals(listOf(message("form", "connect", """{"submitTitle":"Save"}""", id = "9")), delegate.replies)
    }
}
