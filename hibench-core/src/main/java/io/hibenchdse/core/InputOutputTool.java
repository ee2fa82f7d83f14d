package io.hibenchdse.core;

import java.util.Collections;
import java.util.List;
import org.apache.hadoop.fs.Path;
import picocli.CommandLine.Parameters;

/** A tool that reads one directory and writes another: {@code <tool> [options] <input> <output>}. */
public abstract class InputOutputTool extends JobTool {
  @Parameters(index = "0", paramLabel = "<input>", description = "Input directory.")
  protected Path input;

  @Parameters(index = "1", paramLabel = "<output>", description = "Output directory.")
  protected Path output;

  @Override
  protected List<Path> inputs() {
    return Collections.singletonList(input);
  }

  @Override
  protected Path output() {
    return output;
  }
}
