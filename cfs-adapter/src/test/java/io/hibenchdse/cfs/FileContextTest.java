package io.hibenchdse.cfs;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.util.EnumSet;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.CreateFlag;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileContext;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.Options;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.permission.FsPermission;
import org.apache.hadoop.io.IOUtils;
import org.junit.jupiter.api.Test;

/**
 * cfs:// through FileContext, the API YARN's job submission uses (without it: "No
 * AbstractFileSystem configured for scheme: cfs"), on the real node.
 */
class FileContextTest {
  @Test
  void writeListRenameReadAndDeleteThroughFileContext() throws Exception {
    Configuration conf = new Configuration(CfsTestNode.conf());
    conf.set("fs.AbstractFileSystem.cfs.impl", Cfs.class.getName()); // what a cluster's core-site.xml holds
    FileContext fc = FileContext.getFileContext(CfsTestNode.uri(), conf);
    Path dir = new Path("/filecontext");
    fc.delete(dir, true);
    fc.mkdir(dir, FsPermission.getDirDefault(), true);
    byte[] data = RoundTripTest.random(3 * CfsTestNode.BLOCK + 17, 42);
    Path staged = new Path(dir, "job.xml.tmp");
    try (FSDataOutputStream out = fc.create(staged, EnumSet.of(CreateFlag.CREATE), Options.CreateOpts.createParent())) {
      out.write(data);
    }
    Path file = new Path(dir, "job.xml");
    fc.rename(staged, file);
    FileStatus[] listed = fc.util().listStatus(dir);
    assertEquals(1, listed.length);
    assertEquals(data.length, listed[0].getLen());
    assertEquals("cfs", listed[0].getPath().toUri().getScheme());
    byte[] back = new byte[data.length];
    try (FSDataInputStream in = fc.open(file)) {
      IOUtils.readFully(in, back, 0, back.length);
    }
    assertArrayEquals(data, back);
    fc.delete(dir, true);
    assertFalse(fc.util().exists(dir));
  }
}
