package io.hibenchdse.hive.runner;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.hibenchdse.core.BenchmarkTool;
import io.hibenchdse.core.Workload;
import io.hibenchdse.core.WorkloadDriver;
import io.hibenchdse.node.ChildJvm;
import io.hibenchdse.node.SiteSettings;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;

/**
 * Main class of the Hive JVM ({@link HiveProcess} starts it). {@code <query> [args]} runs one
 * query and exits with its status; {@code --serve CONF.xml} runs the commands it reads from stdin,
 * one JSON array of arguments a line, all in one Hive session, and answers each with a line
 * {@code @hibench-hive {"status":N,"result":{...}}} on stdout.
 */
public final class HiveMain {
  static final String ANSWER = "@hibench-hive ";
  static final WorkloadDriver DRIVER = new WorkloadDriver(HiveProcess.ARTIFACT, List.of(
      new Workload("scan", "HiveBench scan: INSERT OVERWRITE uservisits_copy SELECT * FROM uservisits.", HiveQuery.Scan::new),
      new Workload("aggregation", "HiveBench aggregation: SUM(adRevenue) GROUP BY sourceIP.", HiveQuery.Aggregation::new),
      new Workload("join", "HiveBench join: rankings with 1999's uservisits, revenue and pageRank per sourceIP.", HiveQuery.Join::new)));
  private static final ObjectMapper JSON = new ObjectMapper();

  private HiveMain() {}

  public static void main(String[] args) throws Exception {
    ChildJvm.exitWithParent(); // none outlives the launcher, however it ends
    int status;
    if (args.length == 2 && args[0].equals("--serve")) {
      status = serve(new Path(args[1]));
    } else {
      status = DRIVER.run(siteConf(), args, System.err);
    }
    HiveSession.closeShared();
    System.out.flush();
    // Hive leaves non-daemon threads (metastore, MapReduce) behind
    System.exit(status);
  }

  /** Hadoop's configuration with the suite's site settings (the tests' shorter intervals), as every JVM of the suite has it. */
  private static Configuration siteConf() {
    Configuration conf = new Configuration();
    SiteSettings.all().forEach(conf::set);
    return conf;
  }

  private static int serve(Path confFile) throws Exception {
    Configuration base = siteConf();
    base.addResource(confFile);
    BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
    for (String line = in.readLine(); line != null; line = in.readLine()) {
      String[] args = JSON.readValue(line, String[].class);
      Workload w = DRIVER.find(args[0]);
      Map<String, Object> answer = new LinkedHashMap<>();
      if (w == null) {
        System.err.println(HiveProcess.ARTIFACT + ": unknown workload '" + args[0] + "'");
        answer.put("status", WorkloadDriver.USAGE);
      } else {
        BenchmarkTool tool = w.newTool();
        answer.put("status", WorkloadDriver.run(tool, new Configuration(base), Arrays.copyOfRange(args, 1, args.length), System.err));
        answer.put("result", tool.result());
      }
      System.out.println(ANSWER + JSON.writeValueAsString(answer));
      System.out.flush();
    }
    return 0;
  }
}
