package io.hibenchdse.launcher.deployment;

import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.yarn.conf.HAUtil;
import org.apache.hadoop.yarn.conf.YarnConfiguration;
import org.apache.hadoop.yarn.util.RMHAUtils;
import org.apache.hadoop.yarn.webapp.util.WebAppUtils;

/**
 * A cluster's ResourceManagers as its client configuration names them: one, or with YARN's high
 * availability each of {@code yarn.resourcemanager.ha.rm-ids}, whose clients fail over between them
 * (YARN's own proxy). An HA configuration has no plain {@code yarn.resourcemanager.address}: read
 * as one, it names 0.0.0.0:8032, which is no cluster's.
 */
record ResourceManagers(List<String> addresses, List<String> webApps) {
  static ResourceManagers of(Configuration conf) {
    YarnConfiguration yarn = new YarnConfiguration(conf);
    if (!HAUtil.isHAEnabled(yarn)) {
      return new ResourceManagers(List.of(yarn.get(YarnConfiguration.RM_ADDRESS, YarnConfiguration.DEFAULT_RM_ADDRESS)),
          List.of(WebAppUtils.getRMWebAppURLWithScheme(yarn)));
    }
    List<String> addresses = new ArrayList<>();
    for (String id : HAUtil.getRMHAIds(yarn)) {
      YarnConfiguration one = new YarnConfiguration(yarn);
      one.set(YarnConfiguration.RM_HA_ID, id);
      addresses.add(HAUtil.getConfValueForRMInstance(YarnConfiguration.RM_ADDRESS, YarnConfiguration.DEFAULT_RM_ADDRESS, one));
    }
    String scheme = WebAppUtils.getHttpSchemePrefix(yarn);
    return new ResourceManagers(List.copyOf(addresses), RMHAUtils.getRMHAWebappAddresses(yarn).stream().map(a -> scheme + a).toList());
  }

  /** As a message and a record name them: {@code host:port}, or with HA {@code host1:port or host2:port}. */
  @Override
  public String toString() {
    return String.join(" or ", addresses);
  }
}
