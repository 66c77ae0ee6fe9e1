// A test double of the public API of Hotwire Native Android (hotwired/hotwire-native-android,
// core/src/main/kotlin/dev/hotwire/core/bridge) that tabgen's generated bridge component
// bases use, declared as the library declares it: the same packages, names, signatures
// and behaviour where the bases rely on it (a reply answers the last message received for
// its event). The library cannot be fetched here; the web view, the JSON converter and
// the lifecycle are left out. Written from reading the public API, not copied.
package dev.hotwire.core.bridge

import dev.hotwire.core.logging.logWarning

public interface BridgeDestination {
    public fun bridgeWebViewIsReady(): Boolean
    public fun onBridgeComponentInitialized(component: BridgeComponent<*>) {}
}

public data class Metadata(
    val url: String,
)

public data class Message(
    val id: String,
    val component: String,
    val event: String,
    val metadata: Metadata?,
    val jsonData: String,
) {
    public fun replacing(event: String = this.event, jsonData: String = this.jsonData): Message =
        Message(id = id, component = component, event = event, metadata = metadata, jsonData = jsonData)
}

public class BridgeComponentFactory<D : BridgeDestination, out C : BridgeComponent<D>>(
    public val name: String,
    private val creator: (name: String, delegate: BridgeDelegate<D>) -> C,
) {
    public fun create(delegate: BridgeDelegate<D>): C = creator(name, delegate)
}

/**
 * The real delegate sends a reply to the page's bridge; this double records it in
 * [replies] (the one member the library does not have) and returns true, as the library
 * does when the web view is attached.
 */
public class BridgeDelegate<D : BridgeDestination>(
    public val location: String,
    public val destination: D,
    private val componentFactories: List<BridgeComponentFactory<D, BridgeComponent<D>>>,
) {
    public val replies: MutableList<Message> = mutableListOf()

    public fun replyWith(message: Message): Boolean {
        replies += message
        return true
    }
}

public abstract class BridgeComponent<in D : BridgeDestination>(
    public val name: String,
    private val delegate: BridgeDelegate<D>,
) {
    private val receivedMessages = hashMapOf<String, Message>()

    protected fun receivedMessageFor(event: String): Message? = receivedMessages[event]

    public abstract fun onReceive(message: Message)

    /** What the library calls for each message: remembers it for replies, then [onReceive]. */
    public fun didReceive(message: Message) {
        receivedMessages[message.event] = message
        onReceive(message)
    }

    public open fun onStart() {}

    public open fun onStop() {}

    public fun replyWith(message: Message): Boolean = delegate.replyWith(message)

    /** Replies to the last message received for [event] with its own data. */
    public fun replyTo(event: String): Boolean {
        val message = receivedMessageFor(event) ?: return notReceived(event)
        return delegate.replyWith(message)
    }

    /** Replies to the last message received for [event] with [jsonData]. */
    public fun replyTo(event: String, jsonData: String): Boolean {
        val message = receivedMessageFor(event) ?: return notReceived(event)
        return delegate.replyWith(message.replacing(jsonData = jsonData))
    }

    /** As the library: a reply to an event never received is dropped with a warning. */
    private fun notReceived(event: String): Boolean {
        logWarning("bridgeMessageFailedToReply", "message for event '$event' was not received")
        return false
    }
}
