package io.hibenchdse.it.bench;

import java.net.URI;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * Run by {@link FirstAccessBenchmark} in a fresh JVM, as a YARN task starts: Hadoop's own first
 * file system access (file:///), then the first and a second client of the URI given, each up to
 * its first answer, and a third a second later, when what the first started in the background is
 * done. Prints "PROBE hadoop first second later" in seconds.
 */
public final class FirstAccessProbe {
  private FirstAccessProbe() {}

  public static void main(String[] args) throws Exception {
    long t0 = System.nanoTime();
    Configuration conf = new Configuration();
    FileSystem.getLocal(conf).getFileStatus(new Path("/"));
    long t1 = System.nanoTime();
    FileSystem first = FileSystem.newInstance(URI.create(args[0]), conf);
    first.getFileStatus(new Path("/"));
    long t2 = System.nanoTime();
    FileSystem second = FileSystem.newInstance(URI.create(args[0]), conf);
    second.getFileStatus(new Path("/"));
    long t3 = System.nanoTime();
    Thread.sleep(1000);
    long t4 = System.nanoTime();
    FileSystem later = FileSystem.newInstance(URI.create(args[0]), conf);
    later.getFileStatus(new Path("/"));
    long t5 = System.nanoTime();
    System.out.printf(java.util.Locale.ROOT, "PROBE %.4f %.4f %.4f %.4f%n", (t1 - t0) / 1e9, (t2 - t1) / 1e9, (t3 - t2) / 1e9,
        (t5 - t4) / 1e9);
    first.close();
    second.close();
    later.close();
  }
}
