package io.hibenchdse.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A record names the unit of each of its figures, its own and those of its typed figures, nested ones too. */
class FigureUnitsTest {
  /** A workload's figures: a list of nested ones, a map and an array of numbers, words without a unit. */
  public static final class Phased {
    @Figure(Unit.SECONDS)
    public double totalSec = 3;
    public String name = "phased";
    public List<Phase> phases = Collections.singletonList(new Phase());
    @Figure(Unit.SECONDS)
    public Map<String, Double> secondsByPhase = Collections.singletonMap("sort", 1.5);
    @Figure(Unit.BYTES_PER_SECOND)
    public double[] slotThroughput = {1, 2};
  }

  public static final class Phase {
    @Figure(Unit.COUNT)
    public long records = 7;
    @Figure(Unit.SECONDS)
    public double totalSec = 1.5;
  }

  public static final class Unitless {
    @Figure(Unit.COUNT)
    public long records;
    public double meanUs;
  }

  /** Figures that hold figures of their own kind. */
  public static final class Tree {
    @Figure(Unit.BYTES)
    public long size;
    public List<Tree> children = Collections.emptyList();
  }

  public static final class Clash {
    @Figure(Unit.MILLISECONDS)
    public double totalSec;
  }

  @Test
  void aRecordNamesTheUnitOfItsOwnAndItsTypedFiguresNestedOnesToo() throws Exception {
    RunResult r = new RunResult("w", "T").metrics(new Phased());
    Map<String, Unit> expected = new LinkedHashMap<>();
    expected.put("startMs", Unit.MILLISECONDS);
    expected.put("endMs", Unit.MILLISECONDS);
    expected.put("durationSec", Unit.SECONDS);
    expected.put("inputBytes", Unit.BYTES);
    expected.put("throughputBytesPerSec", Unit.BYTES_PER_SECOND);
    expected.put("nodes", Unit.COUNT);
    expected.put("throughputPerNode", Unit.BYTES_PER_SECOND);
    expected.put("replication", Unit.COUNT);
    expected.put("blockSize", Unit.BYTES);
    expected.put("totalSec", Unit.SECONDS);
    expected.put("records", Unit.COUNT);
    expected.put("secondsByPhase", Unit.SECONDS);
    expected.put("slotThroughput", Unit.BYTES_PER_SECOND);
    assertEquals(expected, r.units());
    assertNull(r.unit("name"), "words have no unit");
    // the JSON writes each unit's code and reads it back
    String json = JsonLinesExporter.toJson(r);
    assertTrue(json.contains("\"secondsByPhase\":\"s\"") && json.contains("\"records\":\"count\"") && json.contains("\"slotThroughput\":\"B/s\""), json);
    assertEquals(r.units(), JsonLinesExporter.fromJson(json).units());
  }

  @Test
  void figuresThatHoldTheirOwnKindAreReadOnce() {
    assertEquals(Unit.BYTES, new RunResult("w", "T").metrics(new Tree()).unit("size"));
  }

  @Test
  void aNumberWithoutAUnitAndANameWithTwoUnitsAreRefused() {
    IllegalStateException none = assertThrows(IllegalStateException.class, () -> new RunResult("w", "T").metrics(new Unitless()));
    assertEquals(Unitless.class.getName() + ".meanUs is a figure without a unit (@Figure)", none.getMessage());
    IllegalStateException two = assertThrows(IllegalStateException.class,
        () -> new RunResult("w", "T").metrics(new Phased()).metrics(new Clash()));
    assertEquals(Clash.class.getName() + ": figure totalSec in ms and in s", two.getMessage());
  }

  @Test
  void aRecordWrittenBeforeUnitsKnowsItsOwnFiguresUnits() throws Exception {
    RunResult old = JsonLinesExporter.fromJson("{\"workload\":\"wordcount\",\"type\":\"HadoopWordcount\",\"startMs\":1,\"endMs\":2,"
        + "\"durationSec\":0.001,\"inputBytes\":10,\"throughputBytesPerSec\":10000.0,\"nodes\":1,\"throughputPerNode\":10000.0,"
        + "\"metrics\":{\"meanUs\":3.5}}");
    assertEquals(Unit.SECONDS, old.unit("durationSec"));
    assertEquals(Unit.BYTES, old.unit("inputBytes"));
    assertNull(old.unit("meanUs"), "a figure of its metrics, whose class it does not name");
    assertEquals(Arrays.asList(Unit.values()), Arrays.stream(Unit.values()).map(u -> Unit.ofCode(u.code())).collect(java.util.stream.Collectors.toList()),
        "every unit read back from its code");
  }
}
