package io.hibenchdse.launcher.deployment;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.Test;

/** The ResourceManagers a client configuration names, with and without YARN's high availability. */
class ResourceManagersTest {
  @Test
  void oneResourceManagerIsItsAddress() {
    Configuration conf = new Configuration();
    conf.set("yarn.resourcemanager.hostname", "master");
    ResourceManagers rms = ResourceManagers.of(conf);
    assertEquals(List.of("master:8032"), rms.addresses());
    assertEquals(List.of("http://master:8088"), rms.webApps());
    assertEquals("master:8032", rms.toString());
  }

  @Test
  void highAvailabilityNamesEachByItsHostOrItsAddress() {
    Configuration conf = new Configuration();
    conf.setBoolean("yarn.resourcemanager.ha.enabled", true);
    conf.set("yarn.resourcemanager.ha.rm-ids", "rm1,rm2");
    conf.set("yarn.resourcemanager.hostname.rm1", "master1");
    conf.set("yarn.resourcemanager.address.rm2", "master2:9032");
    conf.set("yarn.resourcemanager.hostname.rm2", "master2");
    ResourceManagers rms = ResourceManagers.of(conf);
    assertEquals(List.of("master1:8032", "master2:9032"), rms.addresses());
    assertEquals(List.of("http://master1:8088", "http://master2:8088"), rms.webApps());
    assertEquals("master1:8032 or master2:9032", rms.toString());
  }
}
