package io.hibenchdse.core;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.Test;

/** -Dkey=value among a tool's own arguments, as HiBench's scripts put them there. */
class DefinitionsTest {
  @Test
  void gluedDefinitionsAnywhereAreConfigurationAndStrayQuotesAreDropped() {
    Configuration conf = new Configuration(false);
    // HiBench 7 prepare.sh piped: -Dx=\"-Dy=v \" reaches ToolRunner as -Dx="-Dy=v and "
    String[] rest = Definitions.apply(conf, new String[] {"\"", "-Dmapreduce.reduce.java.opts=\"-Dt=/r",
        "\"", "-Dtest.build.data=/HiBench/Dfsioe/Input", "-write", "-nrFiles", "4", "-D", "split=1",
        "-Xmx1536m", "-XX:+UseG1GC"}); // run_write.sh on a terminal: $MAP_JAVA_OPTS split off its -D
    assertArrayEquals(new String[] {"-write", "-nrFiles", "4"}, rest);
    assertEquals("/HiBench/Dfsioe/Input", conf.get("test.build.data"));
    assertEquals("\"-Dt=/r", conf.get("mapreduce.reduce.java.opts"));
    assertEquals("1", conf.get("split"), "ToolRunner hands definitions after the tool's options on as -D key=value");
    assertThrows(UsageException.class, () -> Definitions.apply(conf, new String[] {"-Dnovalue"}));
  }
}
