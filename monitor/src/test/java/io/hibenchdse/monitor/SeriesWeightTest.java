package io.hibenchdse.monitor;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import org.junit.jupiter.api.Test;

/** The whole of a series gives back each counter's difference: a sample weighs its exact length. */
class SeriesWeightTest {
  @Test
  void aShortSampleOffTheMillisecondGivesBackItsBytes() throws Exception {
    LocalHost host = new LocalHost();
    ProcReading before = host.read();
    try (ServerSocket server = new ServerSocket(0, 1, InetAddress.getLoopbackAddress());
        Socket out = new Socket(InetAddress.getLoopbackAddress(), server.getLocalPort()); Socket in = server.accept()) {
      out.getOutputStream().write(new byte[1 << 20]);
      in.getInputStream().readNBytes(1 << 20);
    }
    ProcReading after = host.read();
    // stamps 126.6 ms apart, so the sample's bounds in whole milliseconds are 127 ms apart
    long t0 = 1_000_000_000_400_000L;
    Series series = new Series(100, 1);
    series.add(before.at(t0));
    series.add(after.at(t0 + 126_600_000L));
    double bytes = HostCounters.parse(after).loRx() - HostCounters.parse(before).loRx();
    HostFigures whole = series.whole().hosts().get(host.host());
    assertEquals(bytes, whole.loRxKBps() * 1024 * whole.durationSec(), 1e-6 * bytes);
  }
}
