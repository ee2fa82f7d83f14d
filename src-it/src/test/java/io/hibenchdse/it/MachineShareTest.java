package io.hibenchdse.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The lock between src-it's forks, on a file of its own, with JVMs of their own as the other fork's
 * cases: a section alone starts only once the other fork's running case has ended, and the other
 * fork's next case, asking for the machine during the section, starts only once the section has
 * ended. (On the forks' own lock the section would wait for the real other fork's case.)
 */
class MachineShareTest {
  @TempDir Path dir;

  /**
   * A case of the other fork, on the lock of file {@code args[0]}, lasting {@code args[1]} ms: it
   * writes when it asks for the machine, when it began and when it is about to end.
   */
  public static void main(String[] args) throws Exception {
    System.out.println("asking " + System.currentTimeMillis());
    new MachineLock(Path.of(args[0])).shared(() -> {
      System.out.println("began " + System.currentTimeMillis());
      Thread.sleep(Long.parseLong(args[1]));
      System.out.println("ending " + System.currentTimeMillis());
      return null;
    });
  }

  @Test
  void aSectionAloneWaitsForTheOtherForksCaseAndItsNextCaseWaitsForTheSection() throws Exception {
    assertEquals(1, MachineShare.FORKS.sharers(), "this case holds the forks' lock: the extension is registered");
    MachineLock lock = new MachineLock(dir.resolve("machine.lock"));
    lock.shared(() -> {
      sectionBesideTheOtherFork(lock);
      return null;
    });
  }

  private void sectionBesideTheOtherFork(MachineLock lock) throws Exception {
    Process running = otherForksCase(1500, dir.resolve("running.out"));
    awaitLine(running, dir.resolve("running.out"), "began ");
    record Section(long began, long ended, Process next) {}
    Section section = lock.alone(() -> {
      long began = System.currentTimeMillis();
      Process next = otherForksCase(0, dir.resolve("next.out"));
      awaitLine(next, dir.resolve("next.out"), "asking ");
      Thread.sleep(500); // the next case has asked: it would begin now, were the section not alone
      return new Section(began, System.currentTimeMillis(), next);
    });
    assertEquals(0, running.waitFor());
    assertEquals(0, section.next().waitFor(), "the next case's exit status");
    long runningEnded = time(dir.resolve("running.out"), "ending ");
    assertTrue(section.began() >= runningEnded, "the section began at " + section.began() + ", before the other fork's case ended at "
        + runningEnded);
    long nextBegan = time(dir.resolve("next.out"), "began ");
    assertTrue(nextBegan >= section.ended(), "the other fork's next case began at " + nextBegan + ", before the section ended at "
        + section.ended());
  }

  private Process otherForksCase(long ms, Path output) throws Exception {
    return new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-cp", System.getProperty("java.class.path"),
        MachineShareTest.class.getName(), dir.resolve("machine.lock").toString(), Long.toString(ms)).redirectOutput(output.toFile()).redirectError(ProcessBuilder.Redirect.INHERIT)
        .start();
  }

  /** Waits, up to a minute, for {@code child} to have written a line starting with {@code prefix}. */
  private static void awaitLine(Process child, Path output, String prefix) throws Exception {
    long deadline = System.currentTimeMillis() + 60_000;
    while (Files.readAllLines(output).stream().noneMatch(l -> l.startsWith(prefix))) {
      assertTrue(child.isAlive() && System.currentTimeMillis() < deadline, "no '" + prefix + "' from the other fork's case: "
          + Files.readAllLines(output));
      Thread.sleep(20);
    }
  }

  private static long time(Path output, String prefix) throws Exception {
    List<String> lines = Files.readAllLines(output);
    return Long.parseLong(lines.stream().filter(l -> l.startsWith(prefix)).findFirst().orElseThrow(() -> new AssertionError(lines))
        .substring(prefix.length()));
  }
}
