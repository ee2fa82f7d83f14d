package io.hibenchdse.tiers;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.junit.jupiter.api.Tag;

/**
 * A test class or case of the full tier, which {@code mvn verify -Pfull} adds to the default one.
 *
 * <p>The default tier ({@code mvn verify}) needs JDK 17 and Maven only, runs as an ordinary user
 * and proves each capability once on real daemons at the smallest data that shows it. The full tier
 * holds what needs more of the machine (root, network namespaces, cgroups, an sshd, sysstat, a
 * stock {@code hadoop jar} through YARN, a cluster started apart) and what does not fit the default
 * tier's time: injected faults, clusters of hosts, a user's cluster, the Hadoop-lines matrix and the
 * exhaustive cases of a capability. The root pom's {@code full} profile names the same tag.
 */
@Target({ElementType.TYPE, ElementType.METHOD})
@Retention(RetentionPolicy.RUNTIME)
@Tag(FullTier.TAG)
public @interface FullTier {
  /** The JUnit tag of the full tier, as the root pom's {@code test.tier.full} names it. */
  String TAG = "full";
}
