// Test double of Hotwire Native Android's public logging API (dev.hotwire.core.logging,
// dev.hotwire.core.config): the logger an app installs in Hotwire.config.logger. See Bridge.kt.
package dev.hotwire.core.logging

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

/** The library's default logger writes to Logcat; off Android, this double writes to stderr. */
public object DefaultHotwireLogger : HotwireLogger {
    override var logLevel: HotwireLogLevel = HotwireLogLevel.WARN

    private fun log(level: HotwireLogLevel, tag: String, msg: () -> String) {
        if (level.priority >= logLevel.priority) System.err.println("${level.name[0]}/$tag: ${msg()}")
    }

    override fun v(tag: String, msg: () -> String): Unit = log(HotwireLogLevel.VERBOSE, tag, msg)
    override fun d(tag: String, msg: () -> String): Unit = log(HotwireLogLevel.DEBUG, tag, msg)
    override fun i(tag: String, msg: () -> String): Unit = log(HotwireLogLevel.INFO, tag, msg)
    override fun w(tag: String, msg: () -> String): Unit = log(HotwireLogLevel.WARN, tag, msg)
    override fun e(tag: String, throwable: Throwable?, msg: () -> String): Unit = log(HotwireLogLevel.ERROR, tag, msg)
}
