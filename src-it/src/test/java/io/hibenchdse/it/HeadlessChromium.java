package io.hibenchdse.it;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.WebSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Assumptions;

/**
 * Debian's Chromium, headless, driven over the DevTools protocol with the JDK's own HTTP and
 * WebSocket clients: loads a page and reports what a reader would see go wrong (console errors,
 * uncaught exceptions, failed loads) and the rendered size of every image.
 */
final class HeadlessChromium implements AutoCloseable {
  static final Path BINARY = Path.of(System.getenv().getOrDefault("CHROMIUM", "/usr/bin/chromium"));
  private static final ObjectMapper JSON = new ObjectMapper();

  /** What the loaded page showed: errors in the order they came, and each image's natural width and height. */
  record Page(List<String> errors, List<int[]> images) {}

  private final Process process;
  private final WebSocket socket;
  private final Path profile;
  private final AtomicInteger ids = new AtomicInteger();
  private final Map<Integer, CompletableFuture<JsonNode>> replies = new ConcurrentHashMap<>();
  private final BlockingQueue<JsonNode> events = new LinkedBlockingQueue<>();

  /** Starts Chromium, or skips the calling test with the reason when it is not installed. */
  static HeadlessChromium start() throws Exception {
    if (!Files.isExecutable(BINARY)) {
      String why = BINARY + " is not installed (Debian: apt-get install chromium; .ci/run installs it): the page was not"
          + " checked in a browser";
      // Surefire keeps a skipped case's reason in its report file: the console of `mvn verify` gets
      // the line through the test JVM's own stderr, which Surefire passes on as it is
      new java.io.PrintStream(new java.io.FileOutputStream(java.io.FileDescriptor.err), true)
          .println("skipped " + StackWalker.getInstance(StackWalker.Option.RETAIN_CLASS_REFERENCE).getCallerClass()
              .getSimpleName() + "'s browser check: " + why);
      Assumptions.abort(why);
    }
    return new HeadlessChromium();
  }

  private HeadlessChromium() throws Exception {
    profile = Files.createTempDirectory("chromium-profile");
    // the flags that keep it off the network this machine does not have, as root, without a GPU
    process = new ProcessBuilder(BINARY.toString(), "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
        "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync",
        "--user-data-dir=" + profile, "--remote-debugging-port=0", "about:blank")
        .redirectErrorStream(true).redirectOutput(profile.resolve("chromium.log").toFile()).start();
    Path portFile = profile.resolve("DevToolsActivePort");
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
    while (!Files.exists(portFile) || Files.readAllLines(portFile).size() < 2) {
      if (System.nanoTime() > deadline || !process.isAlive()) {
        throw new IOException("Chromium did not start: " + Files.readString(profile.resolve("chromium.log")));
      }
      Thread.sleep(50);
    }
    int port = Integer.parseInt(Files.readAllLines(portFile).get(0).trim());
    HttpClient http = HttpClient.newHttpClient();
    String pages = http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/json/list")).build(),
        HttpResponse.BodyHandlers.ofString()).body();
    String target = null;
    for (JsonNode t : JSON.readTree(pages)) {
      if (t.path("type").asText().equals("page")) {
        target = t.path("webSocketDebuggerUrl").asText();
      }
    }
    socket = http.newWebSocketBuilder().buildAsync(URI.create(target), new Listener()).get(10, TimeUnit.SECONDS);
  }

  /** Loads {@code file} and waits for its load event and any error it raises then. */
  Page open(Path file) throws Exception {
    call("Runtime.enable");
    call("Log.enable");
    call("Page.enable");
    events.clear();
    ObjectNode params = JSON.createObjectNode().put("url", file.toUri().toString());
    call("Page.navigate", params);
    List<String> errors = new ArrayList<>();
    boolean loaded = false;
    for (JsonNode e = events.poll(30, TimeUnit.SECONDS); e != null; e = events.poll(loaded ? 500 : 30_000, TimeUnit.MILLISECONDS)) {
      String method = e.path("method").asText();
      JsonNode p = e.path("params");
      if (method.equals("Page.loadEventFired")) {
        loaded = true;
      } else if (method.equals("Runtime.exceptionThrown")) {
        errors.add("exception: " + p.path("exceptionDetails").path("text").asText());
      } else if (method.equals("Runtime.consoleAPICalled") && p.path("type").asText().equals("error")) {
        errors.add("console.error: " + p.path("args"));
      } else if (method.equals("Log.entryAdded") && p.path("entry").path("level").asText().equals("error")) {
        errors.add("log: " + p.path("entry").path("text").asText() + " " + p.path("entry").path("url").asText());
      }
    }
    if (!loaded) {
      throw new IOException(file + " did not finish loading in 30 s");
    }
    ObjectNode eval = JSON.createObjectNode()
        .put("expression", "JSON.stringify(Array.from(document.images).map(i => [i.naturalWidth, i.naturalHeight]))")
        .put("returnByValue", true);
    JsonNode sizes = JSON.readTree(call("Runtime.evaluate", eval).path("result").path("value").asText());
    List<int[]> images = new ArrayList<>();
    sizes.forEach(s -> images.add(new int[] {s.get(0).asInt(), s.get(1).asInt()}));
    return new Page(errors, images);
  }

  private JsonNode call(String method) throws Exception {
    return call(method, JSON.createObjectNode());
  }

  private JsonNode call(String method, ObjectNode params) throws Exception {
    int id = ids.incrementAndGet();
    CompletableFuture<JsonNode> reply = new CompletableFuture<>();
    replies.put(id, reply);
    ObjectNode message = JSON.createObjectNode().put("id", id).put("method", method);
    message.set("params", params);
    socket.sendText(JSON.writeValueAsString(message), true).get(10, TimeUnit.SECONDS);
    JsonNode r = reply.get(30, TimeUnit.SECONDS);
    if (r.has("error")) {
      throw new IOException(method + ": " + r.get("error"));
    }
    return r.path("result");
  }

  /** Collects a message's fragments, then hands it to its caller (a reply) or to the event queue. */
  private final class Listener implements WebSocket.Listener {
    private final StringBuilder text = new StringBuilder();

    @Override
    public CompletionStage<?> onText(WebSocket ws, CharSequence data, boolean last) {
      text.append(data);
      if (last) {
        try {
          JsonNode m = JSON.readTree(text.toString());
          if (m.has("id")) {
            CompletableFuture<JsonNode> reply = replies.remove(m.get("id").asInt());
            if (reply != null) {
              reply.complete(m);
            }
          } else {
            events.add(m);
          }
        } catch (IOException e) {
          ObjectNode bad = JSON.createObjectNode().put("method", "Runtime.exceptionThrown");
          bad.putObject("params").putObject("exceptionDetails").put("text", "unreadable DevTools message: " + e.getMessage());
          events.add(bad);
        }
        text.setLength(0);
      }
      ws.request(1);
      return null;
    }
  }

  /** Its own profile directory, gone once closed. */
  Path profile() {
    return profile;
  }

  @Override
  public void close() {
    socket.abort();
    // its helpers (zygote, network service) outlive the browser for a moment and write to the
    // profile as they go: waited for, else a file of theirs lands in the deleted profile again
    List<ProcessHandle> all = new ArrayList<>(process.descendants().toList());
    all.add(process.toHandle());
    process.destroy();
    for (ProcessHandle p : all) {
      try {
        p.onExit().get(10, TimeUnit.SECONDS);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      } catch (java.util.concurrent.ExecutionException | java.util.concurrent.TimeoutException e) {
        // killed below
      }
      p.destroyForcibly();
    }
    org.apache.hadoop.fs.FileUtil.fullyDelete(profile.toFile());
  }
}
