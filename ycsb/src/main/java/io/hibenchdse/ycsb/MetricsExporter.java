package io.hibenchdse.ycsb;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.File;
import java.io.IOException;
import java.io.OutputStream;
import site.ycsb.measurements.exporter.MeasurementsExporter;
import site.ycsb.measurements.exporter.TextMeasurementsExporter;

/**
 * The exporter the suite runs YCSB's client with: every figure goes on unchanged to the exporter
 * YCSB would have used (its text on standard output, or the one the command line names), and the
 * same figures, as YCSB hands them over, become the phase's {@link YcsbMetrics}, written as JSON to
 * the file the suite named when the client closes its exporter.
 */
public final class MetricsExporter implements MeasurementsExporter {
  /** System property: the file the figures go to. */
  static final String FILE = "hibench.ycsb.metrics.file";
  /** System property: the exporter the command line asked for ({@code -p exporter=CLASS}), which still writes. */
  static final String DELEGATE = "hibench.ycsb.exporter";

  private final MeasurementsExporter delegate;
  private final YcsbMetrics metrics = new YcsbMetrics();

  /** As YCSB's client makes every exporter: on the stream its figures go to. */
  public MetricsExporter(OutputStream out) throws ReflectiveOperationException {
    String asked = System.getProperty(DELEGATE);
    delegate = asked == null ? new TextMeasurementsExporter(out)
        : (MeasurementsExporter) Class.forName(asked).getConstructor(OutputStream.class).newInstance(out);
  }

  @Override
  public void write(String metric, String measurement, int i) throws IOException {
    delegate.write(metric, measurement, i);
    metrics.add(metric, measurement, i);
  }

  @Override
  public void write(String metric, String measurement, long i) throws IOException {
    delegate.write(metric, measurement, i);
    metrics.add(metric, measurement, i);
  }

  @Override
  public void write(String metric, String measurement, double d) throws IOException {
    delegate.write(metric, measurement, d);
    metrics.add(metric, measurement, d);
  }

  @Override
  public void close() throws IOException {
    delegate.close();
    String file = System.getProperty(FILE);
    if (file != null) {
      new ObjectMapper().writeValue(new File(file), metrics);
    }
  }
}
