package io.hibenchdse.hosts;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;

/** A command of the operating system's ({@code ip}, {@code tc}), run to its end. */
final class SystemCommand {
  private SystemCommand() {}

  /** Runs {@code command} and returns its output; one that fails is an IOException with the command and its last line. */
  static String run(String... command) throws IOException {
    return run(List.of(command));
  }

  static String run(List<String> command) throws IOException {
    Process p;
    try {
      p = new ProcessBuilder(command).redirectErrorStream(true).start();
    } catch (IOException e) {
      throw new IOException(command.get(0) + ": not found on the PATH (" + e.getMessage() + ")");
    }
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    try {
      if (p.waitFor() != 0) {
        String last = out.strip().lines().reduce((a, b) -> b).orElse("exit status " + p.exitValue());
        throw new IOException(String.join(" ", command) + ": " + last);
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      p.destroyForcibly();
      throw new IOException(String.join(" ", command) + ": interrupted");
    }
    return out;
  }
}
