package io.hibenchdse.cfs;

import java.io.PrintStream;
import java.net.URI;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.Callable;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.conf.Configured;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.util.Tool;
import org.apache.hadoop.util.ToolRunner;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code hadoop jar cfs-adapter.jar usage|check [-clean] [cfs://host:port]}: what the keyspace
 * holds, and the sub-blocks no file owns or the files whose sub-blocks are gone.
 */
@Command(name = "cfs", mixinStandardHelpOptions = true,
    description = "Keyspace usage and consistency check of a Cassandra file system.",
    subcommands = {CfsAdmin.Usage.class, CfsAdmin.Check.class})
public final class CfsAdmin extends Configured implements Tool {
  // The suite's exit statuses, written here: the adapter jar carries no class of the suite's (it
  // goes on every node's class path, where those would shadow a job jar's own).
  /** Exit status when the check finds problems that remain (or the command failed). */
  public static final int PROBLEMS = 1;
  /** Exit status for bad input. */
  public static final int USAGE = 2;

  private final PrintStream out;
  private final PrintStream err;

  public CfsAdmin(PrintStream out, PrintStream err) {
    this.out = out;
    this.err = err;
  }

  public static void main(String[] args) throws Exception {
    System.exit(ToolRunner.run(new Configuration(), new CfsAdmin(System.out, System.err), args));
  }

  @Override
  public int run(String[] args) {
    CommandLine cl = new CommandLine(this);
    cl.setOut(new java.io.PrintWriter(out, true));
    cl.setErr(new java.io.PrintWriter(err, true));
    cl.setExecutionExceptionHandler((e, line, parsed) -> {
      // CfsStore's messages name the node and the path; a driver's multi-line message keeps its first line
      String message = e.getMessage() == null ? e.toString() : e.getMessage().split("\\R", 2)[0];
      err.println("cfs " + line.getCommandName() + ": " + message);
      return PROBLEMS;
    });
    cl.setParameterExceptionHandler((e, a) -> {
      err.println("cfs: " + e.getMessage() + " (cfs --help lists the commands)");
      return USAGE;
    });
    return cl.execute(args);
  }

  /** The common part of the two commands: which cluster, and a store on it. */
  abstract static class AdminCommand implements Callable<Integer> {
    @CommandLine.ParentCommand
    CfsAdmin admin;

    @Parameters(arity = "0..1", paramLabel = "cfs://host[:port]",
        description = "The file system (default: fs.defaultFS if it is cfs://, else cfs://127.0.0.1).")
    URI uri;

    CfsStore store() throws Exception {
      Configuration conf = admin.getConf();
      URI target = uri;
      if (target == null) {
        URI dflt = FileSystem.getDefaultUri(conf);
        target = CassandraFileSystem.SCHEME.equals(dflt.getScheme()) ? dflt : URI.create("cfs://127.0.0.1");
      }
      if (!CassandraFileSystem.SCHEME.equals(target.getScheme())) {
        throw new CommandLine.ParameterException(new CommandLine(this), "'" + target + "' is not a cfs:// URI");
      }
      return new CfsStore(target, conf);
    }
  }

  @Command(name = "usage", description = "Files, directories, bytes and blocks the keyspace holds.")
  static final class Usage extends AdminCommand {
    @Override
    public Integer call() throws Exception {
      try (CfsStore store = store()) {
        KeyspaceScan scan = KeyspaceScan.run(store, Long.MAX_VALUE);
        PrintStream out = admin.out;
        out.printf("keyspace: %s (replication %d; consistency read %s, write %s)%n", store.keyspace,
            store.replication(), store.readLevel, store.writeLevel);
        out.printf("directories: %d%nfiles: %d%nbytes: %d%nblocks: %d%n", scan.directories, scan.files,
            scan.bytes, scan.referencedBlocks);
        out.printf("stored blocks: %d%nstored sub-blocks: %d%nblocks being written: %d%n",
            scan.storedSubBlocks.size(), scan.storedSubBlocks.values().stream().mapToLong(Integer::longValue).sum(),
            scan.pending.size());
        out.printf("bytes with replicas: %d%n", scan.bytes * store.replication());
        return 0;
      }
    }
  }

  @Command(name = "check",
      description = "Finds sub-blocks no file owns (crashed writers) and files whose sub-blocks are missing.")
  static final class Check extends AdminCommand {
    @Option(names = "-clean", description = "Delete the orphaned blocks and the pending rows found.")
    boolean clean;

    @Option(names = "-grace", defaultValue = "86400",
        description = "Seconds a block must be old before it counts as orphaned; a writer may still be "
            + "filling a younger one (default: ${DEFAULT-VALUE}).")
    long graceSeconds;

    @Override
    public Integer call() throws Exception {
      if (graceSeconds < 0) {
        throw new CommandLine.ParameterException(new CommandLine(this), "-grace must not be negative");
      }
      try (CfsStore store = store()) {
        KeyspaceScan scan = KeyspaceScan.run(store, graceSeconds * 1000);
        PrintStream out = admin.out;
        for (UUID id : scan.orphans) {
          out.printf("orphaned block %s (%d sub-blocks)%s%n", id, scan.storedSubBlocks.get(id),
              scan.pending.containsKey(id) ? " of an unclosed " + scan.pending.get(id) : "");
        }
        for (KeyspaceScan.Damage d : scan.damaged) {
          out.printf("damaged file %s: block %s has %d of %d sub-blocks%n", d.path, d.block, d.found, d.expected);
        }
        for (String path : scan.detached) {
          out.printf("detached entry %s: its parent directory's row is gone%n", path);
        }
        out.printf("files: %d, blocks: %d, orphaned blocks: %d, pending rows to drop: %d, damaged files: %d, detached entries: %d%n",
            scan.files, scan.referencedBlocks, scan.orphans.size(),
            scan.stalePending.size() + scan.abandonedPending.size(),
            scan.damaged.stream().map(d -> d.path).distinct().count(), scan.detached.size());
        if (clean) {
          // Only what a second scan finds again: a rename between scans cannot pass as garbage twice.
          KeyspaceScan again = KeyspaceScan.run(store, graceSeconds * 1000);
          List<UUID> orphans = new ArrayList<>(scan.orphans);
          orphans.retainAll(new HashSet<>(again.orphans));
          store.removeBlocks(orphans);
          Set<UUID> pendingAgain = new HashSet<>(again.stalePending);
          pendingAgain.addAll(again.abandonedPending);
          List<UUID> rows = new ArrayList<>(scan.stalePending);
          rows.addAll(scan.abandonedPending);
          rows.retainAll(pendingAgain);
          store.removePending(rows);
          out.printf("removed %d orphaned blocks and %d pending rows%n", orphans.size(), rows.size());
          return scan.damaged.isEmpty() && scan.detached.isEmpty() ? 0 : PROBLEMS;
        }
        return scan.clean() ? 0 : PROBLEMS;
      }
    }
  }
}
