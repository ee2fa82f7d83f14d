package io.hibenchdse.cfs;

import com.datastax.oss.driver.api.core.config.OptionsMap;
import com.datastax.oss.driver.api.core.config.TypedDriverOption;

/**
 * The Java driver settings every client of the suite's Cassandra shares: cfs://'s sessions, YCSB's
 * cassandra-cql binding and the suite's table clean-up. Each adds its own to the map it gets.
 */
public final class DriverTuning {
  private DriverTuning() {}

  /**
   * The driver's defaults as Java values (its usual HOCON loader parses reference.conf first, 0.1 s
   * of every JVM's first access) with the suite's settings; {@code datacenterGiven} false when the
   * client names no local data center and takes its contact points'.
   */
  public static OptionsMap defaults(boolean datacenterGiven) {
    OptionsMap config = OptionsMap.driverDefaults();
    // Closing waits out Netty's quiet period (2 s by default) for late tasks; every request is done
    // by the time a client closes, so each close would cost 2 s for nothing.
    config.put(TypedDriverOption.NETTY_IO_SHUTDOWN_QUIET_PERIOD, 0);
    config.put(TypedDriverOption.NETTY_ADMIN_SHUTDOWN_QUIET_PERIOD, 0);
    // Every statement of the suite's clients gives the same result when applied twice (whole rows
    // and whole partitions, no counters or list appends), so a request whose node dies is sent to another.
    config.put(TypedDriverOption.REQUEST_DEFAULT_IDEMPOTENCE, true);
    if (!datacenterGiven) {
      // as the driver 3 of the stock tools, which needed no data center: take the contact points' own
      config.put(TypedDriverOption.LOAD_BALANCING_POLICY_CLASS, "DcInferringLoadBalancingPolicy");
    }
    return config;
  }
}
