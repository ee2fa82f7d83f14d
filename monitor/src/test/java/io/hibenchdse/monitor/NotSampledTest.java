package io.hibenchdse.monitor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A machine without {@code /proc} is not sampled, and the figures say so rather than showing zeros. */
class NotSampledTest {
  @TempDir Path empty;

  @Test
  void noProcIsNotSampledAndSaidSo() throws Exception {
    IOException e = assertThrows(IOException.class, () -> new LocalHost(empty, empty));
    assertTrue(e.getMessage().contains("not Linux"), e.getMessage());
    Monitor m = Monitor.start(50, List.of(), List::of, System.err, Map.of("localhost", e.getMessage()));
    Thread.sleep(120);
    Utilization u = m.stop().whole();
    assertTrue(u.hosts().isEmpty(), u.hosts().toString());
    assertEquals(Map.of("localhost", e.getMessage()), u.notSampled());
  }

  @Test
  void badWorkerNamesAreRefused() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Hosts.checked(List.of("node1", "a;rm -rf /")));
    assertEquals("'a;rm -rf /' is not a host ([user@]host[:port])", e.getMessage());
    assertEquals(List.of("root@node-2.example:2222"), Hosts.checked(List.of("root@node-2.example:2222")));
  }
}
