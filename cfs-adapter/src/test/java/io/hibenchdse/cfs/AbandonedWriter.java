package io.hibenchdse.cfs;

import java.net.URI;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/** A writer that never closes: run in a child JVM by {@link CrashedWriterTest} and killed there. */
public final class AbandonedWriter {
  private AbandonedWriter() {}

  public static void main(String[] args) throws Exception {
    Configuration conf = new Configuration();
    conf.set(CfsConfigKeys.KEYSPACE.key(), args[1]);
    conf.setLong(CfsConfigKeys.BLOCK_SIZE.key(), CfsTestNode.BLOCK);
    conf.setLong(CfsConfigKeys.SUB_BLOCK_SIZE.key(), CfsTestNode.SUB_BLOCK);
    FileSystem fs = FileSystem.get(URI.create(args[0]), conf);
    FSDataOutputStream out = fs.create(new Path(args[2]));
    out.write(RoundTripTest.random(Integer.parseInt(args[3]), 1));
    System.out.println("WRITTEN");
    System.out.flush();
    Thread.sleep(Long.MAX_VALUE);
  }
}
