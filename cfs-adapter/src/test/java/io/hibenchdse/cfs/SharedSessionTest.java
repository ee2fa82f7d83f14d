package io.hibenchdse.cfs;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.datastax.oss.driver.api.core.CqlSession;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.junit.jupiter.api.Test;

/**
 * Clients in one JVM that reach the same cluster with the same settings share one driver session
 * (FileSystem.newInstance, as a Hive session or another user makes them): a client's own settings,
 * such as its consistency levels, do not keep it apart, another keyspace does; closing one client
 * leaves the others working, and the last close closes the session.
 */
class SharedSessionTest {
  @Test
  void clientsOfOneClusterAndKeyspaceShareASessionUntilTheLastCloses() throws Exception {
    Configuration conf = CfsTestNode.conf();
    conf.set(CfsConfigKeys.KEYSPACE.key(), "shared");
    Configuration quorumReads = new Configuration(conf);
    quorumReads.set(CfsConfigKeys.READ_CL.key(), "QUORUM");
    Configuration otherKeyspace = new Configuration(conf);
    otherKeyspace.set(CfsConfigKeys.KEYSPACE.key(), "shared_other");
    FileSystem a = FileSystem.newInstance(CfsTestNode.uri(), conf);
    FileSystem b = FileSystem.newInstance(CfsTestNode.uri(), conf);
    FileSystem c = FileSystem.newInstance(CfsTestNode.uri(), quorumReads);
    FileSystem d = FileSystem.newInstance(CfsTestNode.uri(), otherKeyspace);
    CqlSession session = session(a);
    assertSame(session, session(b));
    assertSame(session, session(c), "a client's consistency levels are its statements', not the session's");
    assertNotSame(session, session(d), "another keyspace, another session");

    byte[] data = RoundTripTest.random(3 * CfsTestNode.SUB_BLOCK + 5, 7);
    RoundTripTest.write(a, new Path("/s/file"), data);
    a.close();
    assertFalse(session.isClosed(), "b and c still use it");
    assertArrayEquals(data, RoundTripTest.read(b, new Path("/s/file")));
    b.close();
    assertArrayEquals(data, RoundTripTest.read(c, new Path("/s/file")));
    c.close();
    assertTrue(session.isClosed(), "closed with its last client");
    assertFalse(d.exists(new Path("/s/file")), "the other keyspace's client still works, and sees its own keyspace");
    FileSystem again = FileSystem.newInstance(CfsTestNode.uri(), conf);
    assertNotSame(session, session(again), "a client after the last close opens a new session");
    assertArrayEquals(data, RoundTripTest.read(again, new Path("/s/file")));
    again.close();
    d.close();
  }

  private static CqlSession session(FileSystem fs) {
    return ((CassandraFileSystem) fs).store().session();
  }
}
