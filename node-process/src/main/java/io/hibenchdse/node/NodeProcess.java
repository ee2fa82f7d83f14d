package io.hibenchdse.node;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

/**
 * How the suite runs a server in a JVM of its own (a Cassandra node, HBase): the child writes a
 * ready file once it serves ({@link #signalReady}), the parent waits for it while watching the child
 * ({@link #launch}), and closing the child's standard input stops it cleanly ({@link ChildJvm#stop}), so a
 * server never outlives the process that started it. The child's output goes to a file, whose last
 * error a failure names.
 */
public final class NodeProcess {
  private NodeProcess() {}

  /**
   * Starts {@code command} with its output appended to {@code out} and waits until {@code ready}
   * exists; a child that exits first, or is not ready within {@code timeoutMs}, is one exception
   * naming {@code what} and the last error of its output.
   */
  public static Process launch(List<String> command, Path ready, Path out, long timeoutMs, String what) throws IOException {
    Files.deleteIfExists(ready);
    Process process = new ProcessBuilder(command).redirectErrorStream(true)
        .redirectOutput(ProcessBuilder.Redirect.appendTo(out.toFile())).start();
    long deadline = System.currentTimeMillis() + timeoutMs;
    while (!Files.exists(ready)) {
      if (!process.isAlive()) {
        throw new IOException(what + " exited with status " + process.exitValue() + " while starting: " + lastError(out));
      }
      if (System.currentTimeMillis() > deadline) {
        process.destroyForcibly();
        throw new IOException(what + " did not start within " + timeoutMs / 1000 + " s: " + lastError(out));
      }
      sleep(100);
    }
    return process;
  }

  /** In the child: writes {@code name} in {@code dir} at once (its pid), for {@link #launch} to see. */
  public static void signalReady(Path dir, String name) throws IOException {
    answer(dir, name, Long.toString(ProcessHandle.current().pid()));
  }

  /** In the child: writes {@code text} to {@code name} in {@code dir} at once, for {@link #awaitAnswer}. */
  public static void answer(Path dir, String name, String text) throws IOException {
    Path tmp = dir.resolve(name + ".tmp");
    Files.writeString(tmp, text);
    Files.move(tmp, dir.resolve(name), StandardCopyOption.ATOMIC_MOVE);
  }

  /**
   * In the child: reads the parent's commands, a line each, handing each to {@code command}, and
   * runs {@code end} when the input ends (the parent closed it, or died), on a daemon thread.
   */
  public static void watchParent(java.util.function.Consumer<String> command, Runnable end) {
    Thread watch = new Thread(() -> {
      try (java.io.BufferedReader in = new java.io.BufferedReader(new java.io.InputStreamReader(System.in, StandardCharsets.US_ASCII))) {
        for (String line = in.readLine(); line != null; line = in.readLine()) {
          command.accept(line);
        }
      } catch (IOException e) {
        // the input is gone: the same as its end
      }
      end.run();
    }, "parent-watch");
    watch.setDaemon(true);
    watch.start();
  }

  /** Writes a command line to the child's input (see {@link #watchParent}). */
  public static void tell(Process process, String command) throws IOException {
    java.io.OutputStream in = process.getOutputStream();
    in.write((command + "\n").getBytes(StandardCharsets.US_ASCII));
    in.flush();
  }

  /**
   * Waits for the child's answer file and returns its text (the file removed); a child that exits
   * first, or does not answer within {@code timeoutMs}, is one exception naming {@code what} and its log.
   */
  public static String awaitAnswer(Process process, Path answer, long timeoutMs, String what, Path log) throws IOException {
    long deadline = System.currentTimeMillis() + timeoutMs;
    while (!Files.exists(answer)) {
      if (!process.isAlive() || System.currentTimeMillis() > deadline) {
        throw new IOException(what + (process.isAlive() ? " did not answer within " + timeoutMs / 1000 + " s" : ": it exited")
            + "; its log: " + log);
      }
      sleep(50);
    }
    String text = Files.readString(answer).trim();
    Files.delete(answer);
    return text;
  }

  /** The last line of {@code out} that reports an error, with the file's name, for a one-line failure. */
  public static String lastError(Path out) throws IOException {
    if (!Files.exists(out)) {
      return "no output";
    }
    List<String> lines = Files.readAllLines(out);
    for (int i = lines.size() - 1; i >= 0; i--) {
      String line = lines.get(i).trim();
      // a trace's frames name exception classes too; its last cause says what went wrong
      if ((line.contains("Exception") || line.startsWith("ERROR")) && !line.startsWith("at ")) {
        return line + " (see " + out + ")";
      }
    }
    return "see " + out;
  }

  /** Sleeps, an interrupt ending it as an {@link InterruptedIOException}. */
  public static void sleep(long ms) throws IOException {
    try {
      Thread.sleep(ms);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new InterruptedIOException("interrupted while waiting for a server JVM");
    }
  }

  /** Removes {@code dir} and everything under it, if it exists. */
  public static void deleteTree(Path dir) throws IOException {
    if (!Files.exists(dir)) {
      return;
    }
    try (Stream<Path> paths = Files.walk(dir)) {
      for (Path p : paths.sorted(Comparator.reverseOrder()).toList()) {
        Files.delete(p);
      }
    }
  }
}
