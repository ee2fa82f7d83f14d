package io.hibenchdse.core;

import java.io.IOException;
import org.apache.hadoop.mapreduce.Mapper;

/**
 * A mapper whose failure names the input file, the split's bytes and the record it was reading
 * ({@code EOFException} alone names nothing). It does what Mapper.run does, plus one counter, so
 * the job's work and counters stay those of the stock job; with no {@code map} override it is the
 * identity mapper.
 */
public class TrackingMapper<KI, VI, KO, VO> extends Mapper<KI, VI, KO, VO> {
  @Override
  public void run(Context context) throws IOException, InterruptedException {
    setup(context);
    long records = 0;
    try {
      while (context.nextKeyValue()) {
        records++;
        map(context.getCurrentKey(), context.getCurrentValue(), context);
      }
    } catch (IOException | RuntimeException e) {
      throw TaskFailures.at(TaskFailures.where(context.getInputSplit()) + " record " + (records + 1), e);
    } finally {
      cleanup(context);
    }
  }
}
