// Test double of Hotwire Native Android's public logging API (dev.hotwire.core.logging,
// dev.hotwire.core.config): the logger an app installs in Hotwire.config.logger. See Bridge.kt.
package dev.hotwire.core.logging

import dev.hotwire.core.config.Hotwire

public enum class HotwireLogLevel(public val priority: Int) {
    VERBOSE(0),
    DEBUG(1),
    INFO(2),
    WARN(3),
    ERROR(4),
    NONE(5),
}

public interface HotwireLogger {
    public var logLevel: HotwireLogLevel
    public fun v(tag: String, msg: () -> String)
    public fun d(tag: String, msg: () -> String)
    public fun i(tag: String, msg: () -> String)
    public fun w(tag: String, msg: () -> String)
    public fun e(tag: String, throwable: Throwable?, msg: () -> String)
}

/**
 * The library's default logger writes to Logcat; off Android, this double writes to stderr.
 * As in the library, it is internal and logs nothing until an app lowers its level.
 */
internal object DefaultHotwireLogger : HotwireLogger {
    override var logLevel: HotwireLogLevel = HotwireLogLevel.NONE

    private fun log(level: HotwireLogLevel, tag: String, msg: () -> String) {
        if (level.priority >= logLevel.priority) System.err.println("${level.name[0]}/$tag: ${msg()}")
    }

    override fun v(tag: String, msg: () -> String): Unit = log(HotwireLogLevel.VERBOSE, tag, msg)
    override fun d(tag: String, msg: () -> String): Unit = log(HotwireLogLevel.DEBUG, tag, msg)
    override fun i(tag: String, msg: () -> String): Unit = log(HotwireLogLevel.INFO, tag, msg)
    override fun w(tag: String, msg: () -> String): Unit = log(HotwireLogLevel.WARN, tag, msg)
    override fun e(tag: String, throwable: Throwable?, msg: () -> String): Unit = log(HotwireLogLevel.ERROR, tag, msg)
}

/** The library's warning line (core/logging/CoreLog.kt), through the app's logger. */
internal fun logWarning(event: String, details: String) {
    Hotwire.config.logger.w("Hotwire-Core") { "${"$event ".padEnd(35, '.')} [$details]" }
}
