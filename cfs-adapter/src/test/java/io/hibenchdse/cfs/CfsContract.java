package io.hibenchdse.cfs;

import java.io.IOException;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.contract.AbstractFSContract;

/** Hadoop's file system contract bound to the shared node; what cfs:// supports is in contract/cfs.xml. */
public class CfsContract extends AbstractFSContract {
  private FileSystem fs;

  public CfsContract(Configuration conf) {
    super(conf);
    addConfResource("contract/cfs.xml");
    CfsTestNode.conf().forEach(e -> conf.set(e.getKey(), e.getValue()));
  }

  @Override
  public void init() throws IOException {
    super.init();
    fs = FileSystem.get(CfsTestNode.uri(), getConf());
  }

  @Override
  public FileSystem getTestFileSystem() {
    return fs;
  }

  @Override
  public String getScheme() {
    return CassandraFileSystem.SCHEME;
  }

  @Override
  public Path getTestPath() {
    return new Path("/test");
  }
}
