package io.hibenchdse.monitor;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Consumer;

/**
 * A worker host sampled over ssh, as HiBench's monitor samples its slaves: a shell loop on the
 * worker prints its {@code /proc} files' raw text every interval, and the text is parsed here, so
 * the worker needs nothing but a shell and {@code cat}. The host is {@code [user@]host[:port]};
 * {@code HIBENCH_SSH_OPTS} adds options (a key, a known-hosts file). ssh never asks: a host it
 * cannot reach without a password is a failure.
 */
public final class SshHost implements HostSource {
  /** Extra options for every ssh this runs, e.g. {@code -i KEY -o UserKnownHostsFile=FILE}. */
  public static final String OPTIONS = "HIBENCH_SSH_OPTS";
  private static final String MARK = "@@";

  private final String host;
  private final List<String> options;
  private volatile Process process;
  private volatile boolean closed;

  /** The worker {@code host}, reached with the options of {@code HIBENCH_SSH_OPTS}. */
  public SshHost(String host) {
    this(host, fromEnvironment());
  }

  /** The worker {@code host}, reached with ssh's {@code options}. */
  public SshHost(String host, List<String> options) {
    this.host = host;
    this.options = List.copyOf(options);
  }

  private static List<String> fromEnvironment() {
    String extra = System.getenv(OPTIONS);
    return extra == null || extra.isBlank() ? List.of() : Arrays.asList(extra.trim().split("\\s+"));
  }

  @Override
  public String host() {
    return host;
  }

  /** The worker's loop: the disks once, then the files between marks, the worker's clock first. */
  static String script(long intervalMs) {
    return "d=; for b in /sys/block/*; do [ -e \"$b/device\" ] && d=\"$d ${b##*/}\"; done; "
        + "while :; do echo \"" + MARK + "reading $(date +%s%N)$d\"; "
        + "for f in stat meminfo net/dev diskstats loadavg; do echo \"" + MARK + "$f\"; cat /proc/$f || exit 3; done; "
        + "echo \"" + MARK + "end\"; sleep " + String.format(Locale.ROOT, "%.3f", intervalMs / 1000.0) + "; done";
  }

  List<String> command(long intervalMs) {
    List<String> cmd = new ArrayList<>(List.of("ssh", "-o", "BatchMode=yes", "-o", "ConnectTimeout=10",
        "-o", "ServerAliveInterval=5"));
    cmd.addAll(options);
    String target = host;
    int colon = host.lastIndexOf(':');
    if (colon > 0) {
      cmd.addAll(List.of("-p", host.substring(colon + 1)));
      target = host.substring(0, colon);
    }
    cmd.add(target);
    cmd.add(script(intervalMs));
    return cmd;
  }

  @Override
  public void stream(long intervalMs, Consumer<ProcReading> sink) throws IOException {
    Process p = new ProcessBuilder(command(intervalMs)).redirectError(ProcessBuilder.Redirect.PIPE).start();
    process = p;
    StringBuilder errors = new StringBuilder();
    Thread stderr = new Thread(() -> {
      try (BufferedReader in = new BufferedReader(new InputStreamReader(p.getErrorStream(), StandardCharsets.UTF_8))) {
        for (String line = in.readLine(); line != null; line = in.readLine()) {
          synchronized (errors) {
            errors.setLength(0);
            errors.append(line.trim());
          }
        }
      } catch (IOException e) {
        // the process is gone
      }
    }, "monitor-ssh-stderr-" + host);
    stderr.setDaemon(true);
    stderr.start();
    int readings = 0;
    try (BufferedReader in = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
      Map<String, StringBuilder> files = new HashMap<>();
      StringBuilder current = null;
      long nanos = 0;
      List<String> disks = List.of();
      for (String line = in.readLine(); line != null; line = in.readLine()) {
        if (!line.startsWith(MARK)) {
          if (current != null) {
            current.append(line).append('\n');
          }
        } else if (line.startsWith(MARK + "reading ")) {
          String[] f = line.substring(MARK.length() + 8).trim().split("\\s+");
          nanos = Long.parseLong(f[0]);
          disks = List.of(f).subList(1, f.length);
          files.clear();
          current = null;
        } else if (line.equals(MARK + "end")) {
          sink.accept(new ProcReading(host, nanos, text(files, "stat"), text(files, "meminfo"), text(files, "net/dev"),
              text(files, "diskstats"), text(files, "loadavg"), disks));
          readings++;
          current = null;
        } else {
          current = new StringBuilder();
          files.put(line.substring(MARK.length()), current);
        }
      }
    } catch (RuntimeException e) {
      throw new IOException("ssh " + host + ": unreadable /proc text (" + e.getMessage() + ")", e);
    }
    if (!closed) {
      try {
        p.waitFor();
        stderr.join(5000); // its last line says why
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
      String why;
      synchronized (errors) {
        why = errors.length() > 0 ? errors.toString() : "ssh exited";
      }
      throw new IOException("ssh " + host + (readings == 0 ? ": " : " stopped answering: ") + why);
    }
  }

  private static String text(Map<String, StringBuilder> files, String name) {
    StringBuilder b = files.get(name);
    return b == null ? "" : b.toString();
  }

  @Override
  public void close() {
    closed = true;
    Process p = process;
    if (p != null) {
      p.destroy();
    }
  }
}
