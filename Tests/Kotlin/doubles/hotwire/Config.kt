// Test double of Hotwire Native Android's public configuration (dev.hotwire.core.config):
// only the logger. See Bridge.kt.
package dev.hotwire.core.config

import dev.hotwire.core.logging.DefaultHotwireLogger
import dev.hotwire.core.logging.HotwireLogger

public class HotwireConfig internal constructor() {
    public var logger: HotwireLogger = DefaultHotwireLogger
}

public object Hotwire {
    public val config: HotwireConfig = HotwireConfig()
}
