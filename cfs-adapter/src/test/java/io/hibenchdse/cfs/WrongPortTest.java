package io.hibenchdse.cfs;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.junit.jupiter.api.Test;

/** cfs:// aimed at a port where no Cassandra answers (an HTTP server, say): one message naming host and port. */
class WrongPortTest {
  @Test
  void aPortThatIsNotCassandrasIsNamed() throws Exception {
    try (ServerSocket notCassandra = new ServerSocket(0)) {
      Thread closer = new Thread(() -> {
        while (!notCassandra.isClosed()) {
          try (Socket s = notCassandra.accept()) {
            s.getOutputStream().write("HTTP/1.1 400 Bad Request\r\n\r\n".getBytes());
          } catch (IOException closed) {
            return;
          }
        }
      });
      closer.setDaemon(true);
      closer.start();
      Configuration conf = new Configuration();
      conf.set("fs.cfs.impl", CassandraFileSystem.class.getName());
      conf.setBoolean("fs.cfs.impl.disable.cache", true);
      int port = notCassandra.getLocalPort();
      IOException e = assertThrows(IOException.class,
          () -> FileSystem.get(URI.create("cfs://127.0.0.1:" + port + "/"), conf).close());
      String m = e.getMessage();
      assertTrue(m.startsWith("cannot reach Cassandra at 127.0.0.1:" + port + " for cfs://127.0.0.1:" + port)
          && m.contains("native transport port") && !m.contains("\n") && m.length() < 400, m);
    }
  }
}
