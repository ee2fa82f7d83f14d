package io.hibenchdse.monitor;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/** The hosts a monitor samples: this machine, and the workers named, over ssh. */
public final class Hosts {
  /** Environment: the workers to sample over ssh when no list is given, comma-separated. */
  public static final String ENVIRONMENT = "HIBENCH_MONITOR_HOSTS";

  private Hosts() {}

  /** The workers {@link #ENVIRONMENT} names, comma-separated; none when it is unset or blank. */
  public static List<String> fromEnvironment() {
    String list = System.getenv(ENVIRONMENT);
    return list == null || list.isBlank() ? List.of() : Arrays.stream(list.split(",")).map(String::trim).filter(h -> !h.isEmpty()).toList();
  }

  /** Checks a list of workers ({@code [user@]host[:port]} each); an IllegalArgumentException names the first bad one. */
  public static List<String> checked(List<String> workers) {
    for (String w : workers) {
      if (!w.matches("([A-Za-z0-9._-]+@)?[A-Za-z0-9._-]+(:[0-9]{1,5})?")) {
        throw new IllegalArgumentException("'" + w + "' is not a host ([user@]host[:port])");
      }
    }
    return workers;
  }

  /**
   * This machine and {@code workers} as sources; a source that cannot be made (no {@code /proc}
   * here) goes into {@code notSampled} with the reason instead.
   */
  public static List<HostSource> of(List<String> workers, Map<String, String> notSampled) {
    List<HostSource> sources = new ArrayList<>();
    String self = "localhost";
    try {
      LocalHost local = new LocalHost();
      sources.add(local);
      self = local.host();
    } catch (IOException e) {
      notSampled.put("localhost", e.getMessage());
    }
    for (String w : checked(workers)) {
      String name = w.replaceFirst("^.*@", "").replaceFirst(":\\d+$", "");
      // this machine, as yarn node -list names it where it runs a NodeManager too: sampled once
      if (!name.equalsIgnoreCase(self) && !name.equals("localhost") && !name.startsWith("127.")) {
        sources.add(new SshHost(w));
      }
    }
    return sources;
  }
}
