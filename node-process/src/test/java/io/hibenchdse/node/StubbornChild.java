package io.hibenchdse.node;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A child for {@link ChildJvmTest}: on SIGTERM it either cleans up (writes {@code args[1]} after a
 * second, then exits) or hangs in its stop hook, as a Hadoop client does asking a gone
 * ResourceManager to kill its job; with {@code hang} it also starts a shell that ignores SIGTERM.
 * Prints the shell's pid (or 0), then {@code ready}.
 */
public final class StubbornChild {
  private StubbornChild() {}

  public static void main(String[] args) throws IOException, InterruptedException {
    boolean hang = args[0].equals("hang");
    long shell = 0;
    if (hang) {
      shell = new ProcessBuilder("sh", "-c", "trap '' TERM; while :; do sleep 1; done").start().pid();
    }
    Runtime.getRuntime().addShutdownHook(new Thread(() -> {
      try {
        if (hang) {
          Thread.sleep(Long.MAX_VALUE);
        }
        Thread.sleep(1000);
        Files.writeString(Path.of(args[1]), "cleaned up");
      } catch (InterruptedException | IOException e) {
        throw new IllegalStateException(e);
      }
    }));
    System.out.println(shell);
    System.out.println("ready");
    System.out.flush();
    Thread.sleep(Long.MAX_VALUE);
  }
}
