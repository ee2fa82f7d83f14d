package io.hibenchdse.launcher.deployment;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.net.httpserver.HttpServer;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * The NodeManagers' Java read from their JMX servlets. Here two servlets stand in for NodeManagers of
 * other Java releases, answering as a NodeManager's does (its own answer on JDK 17 is read in
 * HostsClusterTest, from the NodeManagers of hosts started apart); a third address answers nothing.
 */
class NodeManagersJavaTest {
  @Test
  void eachNodeManagersJavaIsReadAndAnOlderOneIsNamed() throws Exception {
    HttpServer java11 = servlet("11");
    HttpServer java8 = servlet("1.8");
    try {
      String eleven = "127.0.0.1:" + java11.getAddress().getPort();
      String eight = "127.0.0.1:" + java8.getAddress().getPort();
      NodeManagersJava java = NodeManagersJava.ask(List.of(eleven, eight), "http://", 5000);
      assertEquals(Map.of(eleven, 11, eight, 8), java.byHost());
      assertEquals("8, 11", java.describe());
      assertEquals(Optional.of("the NodeManager at " + eight + " runs Java 8"), java.tooOldForSpark(), "the oldest named");
    } finally {
      java11.stop(0);
      java8.stop(0);
    }
  }

  @Test
  void aNodeManagerThatDoesNotAnswerIsUnknownNotRefused() throws Exception {
    HttpServer java17 = servlet("17");
    HttpServer gone = servlet("17");
    String closed = "127.0.0.1:" + gone.getAddress().getPort();
    gone.stop(0);
    try {
      String seventeen = "127.0.0.1:" + java17.getAddress().getPort();
      NodeManagersJava java = NodeManagersJava.ask(List.of(seventeen, closed), "http://", 5000);
      assertEquals(Map.of(seventeen, 17), java.byHost());
      assertEquals(Optional.empty(), java.tooOldForSpark());
      assertTrue(java.describe().startsWith("17; unknown on 1 (http://" + closed + "/jmx?qry=java.lang:type=Runtime: "), java.describe());
    } finally {
      java17.stop(0);
    }
  }

  /** A web server without the servlet: its status is said, not only the URL asked. */
  @Test
  void aServerWithoutTheServletIsUnknownWithItsStatus() throws Exception {
    HttpServer other = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
    other.start();
    try {
      String host = "127.0.0.1:" + other.getAddress().getPort();
      NodeManagersJava java = NodeManagersJava.ask(List.of(host), "http://", 5000);
      assertEquals(Map.of(), java.byHost());
      assertEquals("unknown on 1 (http://" + host + "/jmx?qry=java.lang:type=Runtime: HTTP 404 Not Found)", java.describe());
    } finally {
      other.stop(0);
    }
  }

  /** A JMX servlet's answer to {@code ?qry=java.lang:type=Runtime}, as Hadoop's JMXJsonServlet gives it (trimmed). */
  private static HttpServer servlet(String specVersion) throws Exception {
    HttpServer server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
    server.createContext("/jmx", exchange -> {
      boolean runtime = "qry=java.lang:type=Runtime".equals(exchange.getRequestURI().getQuery());
      byte[] body = (runtime ? "{\"beans\":[{\"name\":\"java.lang:type=Runtime\",\"modelerType\":\"sun.management.RuntimeImpl\","
          + "\"SpecName\":\"Java Virtual Machine Specification\",\"SpecVersion\":\"" + specVersion + "\",\"Uptime\":1}]}"
          : "{\"beans\":[]}").getBytes(StandardCharsets.UTF_8);
      exchange.getResponseHeaders().add("Content-Type", "application/json");
      exchange.sendResponseHeaders(200, body.length);
      exchange.getResponseBody().write(body);
      exchange.close();
    });
    server.start();
    return server;
  }
}
