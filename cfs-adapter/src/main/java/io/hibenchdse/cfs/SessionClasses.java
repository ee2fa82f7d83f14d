package io.hibenchdse.cfs;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * The classes that a fresh JVM's first session loads (about 1,700 of the driver's, its Guava's and
 * Netty's), loaded ahead by a thread of their own while the session connects: loading them is
 * about a third of a fresh JVM's first cfs:// access, every YARN task's, and the session's own
 * threads mostly wait on each other and the network meanwhile. The list is {@value #RESOURCE},
 * in the order a session loads them; {@code SessionClassesTest} checks it against a fresh JVM and
 * rewrites it. Relocated packages are written as {@code @netty.} and {@code @metrics.}, so the
 * list serves the shaded jar and the plain class path alike.
 */
final class SessionClasses {
  static final String RESOURCE = "session-classes.txt";
  private static final String NETTY = packageOf(io.netty.util.Version.class, "util.Version");
  private static final String METRICS = packageOf(com.codahale.metrics.MetricRegistry.class, "MetricRegistry");
  private static final AtomicBoolean STARTED = new AtomicBoolean();
  /** Set once a session is up: what the list has left is the schema refresh's, which loads it itself. */
  private static volatile boolean connected;

  private SessionClasses() {}

  /** Starts loading them, once per JVM; a daemon thread, done in a fraction of a second. */
  static void preload() {
    if (STARTED.compareAndSet(false, true)) {
      Thread loader = new Thread(SessionClasses::loadAll, "cfs-preload");
      loader.setDaemon(true);
      loader.start();
    }
  }

  /** Stops the loading: the session answers, and what it loads now competes with the client for the CPU. */
  static void connected() {
    connected = true;
  }

  private static void loadAll() {
    ClassLoader loader = SessionClasses.class.getClassLoader();
    for (String name : names()) {
      if (connected) {
        return;
      }
      try {
        // not initialized: static initializers run on the thread that uses the class, as they would
        Class.forName(name, false, loader);
      } catch (ClassNotFoundException | LinkageError e) {
        // not in this build (another driver, no optional library): the session loads what it needs
      }
    }
  }

  /** The class names, with this build's package names. */
  static List<String> names() {
    List<String> names = new ArrayList<>();
    try (InputStream in = SessionClasses.class.getResourceAsStream(RESOURCE)) {
      if (in == null) {
        return Collections.emptyList();
      }
      BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
      for (String line; (line = r.readLine()) != null; ) {
        if (!line.isEmpty() && !line.startsWith("#")) {
          names.add(decode(line));
        }
      }
    } catch (IOException e) {
      // a class path that cannot be read: nothing to load ahead
    }
    return names;
  }

  /** A class name as the list writes it, or null if the class is none of the session's libraries. */
  static String encode(String name) {
    if (name.startsWith(NETTY)) {
      return "@netty." + name.substring(NETTY.length());
    }
    if (name.startsWith(METRICS)) {
      return "@metrics." + name.substring(METRICS.length());
    }
    return name.startsWith("com.datastax.") || name.startsWith(SessionClasses.class.getPackage().getName() + ".") ? name : null;
  }

  static String decode(String entry) {
    if (entry.startsWith("@netty.")) {
      return NETTY + entry.substring("@netty.".length());
    }
    if (entry.startsWith("@metrics.")) {
      return METRICS + entry.substring("@metrics.".length());
    }
    return entry;
  }

  private static String packageOf(Class<?> c, String simpleName) {
    String name = c.getName();
    return name.substring(0, name.length() - simpleName.length());
  }
}
