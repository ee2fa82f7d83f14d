package io.hibenchdse.launcher.storage;

import io.hibenchdse.node.ChildJvm;
import java.io.Closeable;
import java.io.File;
import java.io.IOException;
import java.io.OutputStream;
import java.net.URI;
import java.nio.file.Files;
import java.util.List;
import java.util.stream.Collectors;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hdfs.DFSConfigKeys;
import org.apache.hadoop.hdfs.HdfsConfiguration;
import org.apache.hadoop.hdfs.server.datanode.DataNode;
import org.apache.hadoop.http.HttpServer2;

/**
 * A DataNode in a JVM of its own, as in every deployment: its clients' reads and writes cross a
 * socket, and its CPU, heap and garbage collection are not theirs. It stops when its parent closes
 * its standard input or dies.
 */
public final class DataNodeProcess implements Closeable {
  private static final String HEAP = "-Xmx1g";

  private final Process process;
  private final File log;

  private DataNodeProcess(Process process, File log) {
    this.process = process;
    this.log = log;
  }

  /**
   * Starts a DataNode of the NameNode at {@code nameNode}, configured as {@code cluster} is, keeping
   * its blocks in {@code dataDirs} and its log and settings in {@code dir}.
   */
  static DataNodeProcess start(Configuration cluster, URI nameNode, File dir, List<File> dataDirs) throws IOException {
    Files.createDirectories(dir.toPath());
    Configuration conf = new Configuration(cluster);
    conf.set(FileSystem.FS_DEFAULT_NAME_KEY, nameNode.toString());
    conf.set(DFSConfigKeys.DFS_DATANODE_DATA_DIR_KEY, dataDirs.stream().map(d -> d.toURI().toString()).collect(Collectors.joining(",")));
    conf.set(DFSConfigKeys.DFS_DATANODE_ADDRESS_KEY, "127.0.0.1:0");
    conf.set(DFSConfigKeys.DFS_DATANODE_HTTP_ADDRESS_KEY, "127.0.0.1:0");
    conf.set(DFSConfigKeys.DFS_DATANODE_IPC_ADDRESS_KEY, "127.0.0.1:0");
    conf.set("hadoop.tmp.dir", new File(dir, "tmp").getAbsolutePath());
    conf.set(HttpServer2.HTTP_TEMP_DIR_KEY, new File(dir, "http-tmp").getAbsolutePath());
    File xml = new File(dir, "datanode.xml");
    try (OutputStream out = Files.newOutputStream(xml.toPath())) {
      conf.writeXml(out);
    }
    List<String> command = ChildJvm.command();
    command.add(HEAP);
    command.add("-cp");
    command.add(System.getProperty("java.class.path"));
    command.add(DataNodeProcess.class.getName());
    command.add(xml.getAbsolutePath());
    File log = new File(dir, "datanode.log");
    Process p = new ProcessBuilder(command).redirectErrorStream(true)
        .redirectOutput(ProcessBuilder.Redirect.appendTo(log)).start();
    return new DataNodeProcess(p, log);
  }

  ProcessHandle handle() {
    return process.toHandle();
  }

  /** Throws, naming the log, when the DataNode's JVM has ended. */
  void checkAlive() {
    if (!process.isAlive()) {
      throw new IllegalStateException("a DataNode exited with status " + process.exitValue() + "; its log: " + log);
    }
  }

  @Override
  public void close() {
    ChildJvm.stop(process, 30);
  }

  /** The child: runs the DataNode of the configuration file given until standard input ends. */
  public static void main(String[] args) throws Exception {
    Configuration conf = new HdfsConfiguration();
    conf.addResource(new Path(args[0]));
    DataNode dataNode = DataNode.createDataNode(new String[0], conf);
    try {
      while (System.in.read() != -1) {
        // the parent writes nothing; end of input (or its death) stops the node
      }
    } finally {
      dataNode.shutdown();
    }
    System.exit(0);
  }
}
