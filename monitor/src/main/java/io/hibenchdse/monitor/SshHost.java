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
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * A worker host sampled over ssh, as HiBench's monitor samples its slaves: a shell loop on the
 * worker prints its {@code /proc} files' raw text every interval, and the text is parsed here, so
 * the worker needs nothing but a shell, {@code date} and {@code grep}. The host is {@code [user@]host[:port]};
 * {@code HIBENCH_SSH_OPTS} adds options (a key, a known-hosts file). ssh never asks: a host it
 * cannot reach without a password is a failure.
 */
public final class SshHost implements HostSource {
  /** Extra options for every ssh this runs, e.g. {@code -i KEY -o UserKnownHostsFile=FILE}. */
  public static final String OPTIONS = "HIBENCH_SSH_OPTS";
  private static final String MARK = "@@";

  private final String host;
  private final List<String> options;
  private Process process;
  private boolean closed;
  /**
   * This machine's clock less the worker's, which puts the worker's samples on this clock: the
   * least delay yet from a reading's end on the worker to its arrival here, which is the clocks'
   * difference plus the quickest transit. The first reading's delay alone would shift every sample
   * by however long that reading waited (the launcher busy starting the run, ssh's first output),
   * and the samples would then cover other seconds than this machine's instruments do.
   */
  private long offsetNanos = Long.MAX_VALUE;

  /** The worker {@code host}, reached with the options of {@code HIBENCH_SSH_OPTS}. */
  public SshHost(String host) {
    this(host, fromEnvironment());
  }

  /** The worker {@code host}, reached with ssh's {@code options}. */
  public SshHost(String host, List<String> options) {
    this.host = host;
    this.options = List.copyOf(options);
  }

  /** The options of {@code HIBENCH_SSH_OPTS}, split at blanks. */
  public static List<String> fromEnvironment() {
    String extra = System.getenv(OPTIONS);
    return extra == null || extra.isBlank() ? List.of() : Arrays.asList(extra.trim().split("\\s+"));
  }

  @Override
  public String host() {
    return host;
  }

  /** The files of a reading, read by one {@code grep}, each line prefixed by its file's path and a colon. */
  private static final List<String> FILES = List.of("stat", "meminfo", "net/dev", "diskstats", "loadavg");
  private static final String PROC = "/proc/";

  /**
   * The worker's loop: its physical disks and counted interfaces once (as {@link LocalHost} finds
   * them), then every interval its clock, its files, and its clock again. As a local reading, the
   * files are read again while that took longer than {@link PolledHost#MAX_SPAN_NANOS} (up to
   * {@link PolledHost#ATTEMPTS} times): the worker's shell may wait for a core between its clock
   * and its files.
   */
  static String script(long intervalMs) {
    StringBuilder paths = new StringBuilder();
    FILES.forEach(f -> paths.append(' ').append(PROC).append(f));
    return "d=; for b in /sys/block/*; do [ -e \"$b/device\" ] && d=\"$d ${b##*/}\"; done; "
        + "n=; for i in /sys/class/net/*; do x=${i##*/}; [ -e \"$i/bridge\" ] || [ -e \"$i/bonding\" ] "
        + "|| [ -e \"/proc/net/vlan/$x\" ] || case $x in lo|ifb*) ;; *) n=\"$n $x\";; esac; done; "
        + "while :; do a=0; while :; do s=$(date +%s%N); o=$(grep -H ''" + paths + ") || exit 3; e=$(date +%s%N); a=$((a+1)); "
        + "[ $((e-s)) -gt " + PolledHost.MAX_SPAN_NANOS + " ] && [ $a -lt " + PolledHost.ATTEMPTS + " ] || break; done; "
        + "echo \"" + MARK + "reading $s\"; echo \"" + MARK + "physical-disks$d\"; echo \"" + MARK + "counted-nets$n\"; "
        + "printf '%s\\n' \"$o\"; echo \"" + MARK + "end $e\"; sleep " + String.format(Locale.ROOT, "%.3f", intervalMs / 1000.0) + "; done";
  }

  List<String> command(long intervalMs) {
    return command(host, options, script(intervalMs));
  }

  /**
   * ssh's command line that runs {@code remote} on {@code host} ({@code [user@]host[:port]}) with
   * {@code options}, never asking for a password.
   */
  public static List<String> command(String host, List<String> options, String remote) {
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
    cmd.add(remote);
    return cmd;
  }

  /**
   * Runs {@code remote} on {@code host} over ssh and waits at most {@code minutes}: null when it
   * ended well, else why not in a line (its last line of output, or what stopped it).
   */
  public static String run(String host, List<String> options, String remote, int minutes) {
    Process p;
    try {
      p = new ProcessBuilder(command(host, options, remote)).redirectErrorStream(true).start();
    } catch (IOException e) {
      return "ssh: " + e.getMessage();
    }
    try {
      // waited for before its output is read, so the timeout holds; a command's few lines fit the pipe
      if (!p.waitFor(minutes, TimeUnit.MINUTES)) {
        p.destroyForcibly();
        return remote + " did not end in " + minutes + " minutes";
      }
      String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
      return p.exitValue() == 0 ? null : output.isEmpty() ? "ssh exited with " + p.exitValue() : output.lines().reduce((a, b) -> b).orElse("");
    } catch (IOException e) {
      return "ssh: " + e.getMessage();
    } catch (InterruptedException e) {
      p.destroyForcibly();
      Thread.currentThread().interrupt();
      return "interrupted";
    }
  }

  @Override
  public void stream(long intervalMs, Consumer<ProcReading> sink) throws IOException {
    Process p = new ProcessBuilder(command(intervalMs)).redirectError(ProcessBuilder.Redirect.PIPE).start();
    synchronized (this) {
      process = p;
      if (closed) {
        p.destroy();
      }
    }
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
      long start = 0;
      long lastStamp = Long.MIN_VALUE;
      long lastMid = 0;
      List<String> disks = List.of();
      List<String> nets = List.of();
      for (String line = in.readLine(); line != null; line = in.readLine()) {
        if (line.startsWith(PROC)) {
          // grep -H's "/proc/FILE:LINE"; the paths hold no colon
          int colon = line.indexOf(':');
          files.computeIfAbsent(line.substring(PROC.length(), colon), f -> new StringBuilder())
              .append(line, colon + 1, line.length()).append('\n');
        } else if (line.startsWith(MARK + "reading ")) {
          start = Long.parseLong(line.substring(MARK.length() + 8).trim());
          files.clear();
        } else if (line.startsWith(MARK + "physical-disks")) {
          disks = words(line.substring((MARK + "physical-disks").length()));
        } else if (line.startsWith(MARK + "counted-nets")) {
          nets = words(line.substring((MARK + "counted-nets").length()));
        } else if (line.startsWith(MARK + "end ")) {
          long end = Long.parseLong(line.substring(MARK.length() + 4).trim());
          offsetNanos = Math.min(offsetNanos, EpochClock.nanos() - end);
          // stamped at the middle of the worker's clock around its files, as a local reading is. A
          // smaller offset found later shortens a sample by at most a tenth of the worker's own
          // interval, the rest of the correction going to the samples after it: a sample cut short
          // by the whole correction would count its interval's bytes over a fraction of its length.
          long mid = start + (end - start) / 2;
          long stamp = lastStamp == Long.MIN_VALUE ? mid + offsetNanos
              : Math.max(mid + offsetNanos, lastStamp + (mid - lastMid) * 9 / 10);
          lastStamp = stamp;
          lastMid = mid;
          sink.accept(new ProcReading(host, stamp, text(files, "stat"), text(files, "meminfo"), text(files, "net/dev"),
              text(files, "diskstats"), text(files, "loadavg"), disks, nets));
          readings++;
        }
      }
    } catch (RuntimeException e) {
      p.destroy();
      throw new IOException("ssh " + host + ": unreadable /proc text (" + e.getMessage() + ")", e);
    }
    if (!isClosed()) {
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

  private synchronized boolean isClosed() {
    return closed;
  }

  private static List<String> words(String text) {
    String t = text.trim();
    return t.isEmpty() ? List.of() : List.of(t.split("\\s+"));
  }

  private static String text(Map<String, StringBuilder> files, String name) {
    StringBuilder b = files.get(name);
    return b == null ? "" : b.toString();
  }

  @Override
  public synchronized void close() {
    closed = true;
    if (process != null) {
      process.destroy();
    }
  }
}
