package io.hibenchdse.cfs;

import com.datastax.oss.driver.api.core.ConsistencyLevel;
import com.datastax.oss.driver.api.core.context.DriverContext;
import com.datastax.oss.driver.api.core.retry.RetryVerdict;
import com.datastax.oss.driver.api.core.session.Request;
import com.datastax.oss.driver.internal.core.retry.DefaultRetryPolicy;

/**
 * The driver's default retry policy, except that a read that timed out before enough replicas
 * answered is sent to the next node, up to twice. The default gives up there, taking the cluster
 * for overloaded; but a coordinator can still send a read to a replica that was just killed, which
 * gossip convicts only after the nodes' {@code phi_convict_threshold} (12 here: about half a
 * minute), and a file's reader would then fail for one node that the other replicas stand in for.
 * The next coordinator chooses its replica afresh, and at a replication of the node count holds a
 * copy itself. Every cfs:// statement is idempotent (see {@link DriverTuning}).
 */
public class CfsRetryPolicy extends DefaultRetryPolicy {
  /** Nodes tried after the first. */
  static final int OTHER_NODES = 2;

  public CfsRetryPolicy(DriverContext context, String profileName) {
    super(context, profileName);
  }

  @Override
  public RetryVerdict onReadTimeoutVerdict(Request request, ConsistencyLevel cl, int blockFor, int received,
      boolean dataPresent, int retryCount) {
    if (received < blockFor && retryCount < OTHER_NODES) {
      return RetryVerdict.RETRY_NEXT;
    }
    return super.onReadTimeoutVerdict(request, cl, blockFor, received, dataPresent, retryCount);
  }
}
