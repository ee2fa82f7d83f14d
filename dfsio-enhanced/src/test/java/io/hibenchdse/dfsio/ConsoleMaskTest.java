package io.hibenchdse.dfsio;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** The console's form of a slot mask: whole when short, steady ranges when long. */
class ConsoleMaskTest {
  @Test
  void shortMasksAreShownWhole() {
    String mask = ".." + "1".repeat(96) + "..";
    assertEquals(mask, DfsioeReport.consoleMask(mask));
  }

  @Test
  void longMasksBecomeRangesOfSteadySlots() {
    String mask = "..." + "1".repeat(44) + "..." + "1" + ".".repeat(98) + "11";
    assertEquals(151, mask.length());
    assertEquals("steady slots 3-46, 50, 149-150 of 0-150 (the whole mask is in the results file and the JSON)",
        DfsioeReport.consoleMask(mask));
    assertEquals("steady slots none of 0-100 (the whole mask is in the results file and the JSON)",
        DfsioeReport.consoleMask(".".repeat(101)));
  }
}
