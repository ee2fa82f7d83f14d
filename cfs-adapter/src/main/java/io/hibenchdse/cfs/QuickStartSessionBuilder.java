package io.hibenchdse.cfs;

import com.datastax.oss.driver.api.core.CqlSessionBuilder;
import com.datastax.oss.driver.api.core.config.DriverConfigLoader;
import com.datastax.oss.driver.api.core.context.DriverContext;
import com.datastax.oss.driver.api.core.session.ProgrammaticArguments;
import com.datastax.oss.driver.api.core.session.Session;
import com.datastax.oss.driver.internal.core.context.DefaultDriverContext;
import com.datastax.oss.driver.internal.core.context.LifecycleListener;
import com.datastax.oss.driver.internal.core.context.StartupOptionsBuilder;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * A session builder whose sessions leave out two things that load Jackson (the driver's own,
 * relocated, and Hadoop's) into every fresh JVM, about 0.15 s of each YARN task's first cfs://
 * access: the "baggage" of the STARTUP message (the load-balancing settings as JSON; the node
 * needs only the driver's name and version, and a client id for its client list), and DataStax
 * Insights, DSE's monitoring, which the driver starts whenever Jackson is on the class path.
 */
final class QuickStartSessionBuilder extends CqlSessionBuilder {
  @Override
  protected DriverContext buildContext(DriverConfigLoader configLoader, ProgrammaticArguments arguments) {
    return new DefaultDriverContext(configLoader, arguments) {
      private final Map<String, String> startupOptions = startupOptions();

      @Override
      public Map<String, String> getStartupOptions() {
        return startupOptions;
      }

      @Override
      protected List<LifecycleListener> buildLifecycleListeners() {
        return Collections.emptyList();
      }
    };
  }

  private static Map<String, String> startupOptions() {
    Map<String, String> options = new LinkedHashMap<>();
    options.put(StartupOptionsBuilder.DRIVER_NAME_KEY, Session.OSS_DRIVER_COORDINATES.getName());
    options.put(StartupOptionsBuilder.DRIVER_VERSION_KEY, Session.OSS_DRIVER_COORDINATES.getVersion().toString());
    options.put(StartupOptionsBuilder.CLIENT_ID_KEY, UUID.randomUUID().toString());
    return Collections.unmodifiableMap(options);
  }
}
