package io.hibenchdse.core;

import java.io.IOException;
import java.io.InputStream;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.LocatedFileStatus;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.RemoteIterator;
import org.apache.hadoop.io.SequenceFile;
import org.apache.hadoop.mapreduce.InputFormat;
import org.apache.hadoop.mapreduce.OutputFormat;
import org.apache.hadoop.mapreduce.lib.input.SequenceFileInputFormat;
import org.apache.hadoop.mapreduce.lib.input.TextInputFormat;
import org.apache.hadoop.mapreduce.lib.output.SequenceFileOutputFormat;
import org.apache.hadoop.mapreduce.lib.output.TextOutputFormat;

/** Input and output formats by short name ({@code seq}, {@code text}) or class, and input sniffing. */
public final class Formats {
  private static final byte[] SEQUENCE_FILE_MAGIC = {'S', 'E', 'Q'};

  private Formats() {}

  @SuppressWarnings({"unchecked", "rawtypes"})
  public static Class<? extends OutputFormat> output(String name) {
    switch (name) {
      case "seq":
        return SequenceFileOutputFormat.class;
      case "text":
        return TextOutputFormat.class;
      default:
        return load(name, OutputFormat.class, "-outFormat");
    }
  }

  @SuppressWarnings({"unchecked", "rawtypes"})
  public static Class<? extends InputFormat> input(String name) {
    switch (name) {
      case "seq":
        return SequenceFileInputFormat.class;
      case "text":
        return TextInputFormat.class;
      default:
        return load(name, InputFormat.class, "-inFormat");
    }
  }

  private static <T> Class<? extends T> load(String name, Class<T> type, String option) {
    try {
      return Class.forName(name).asSubclass(type);
    } catch (ClassNotFoundException | ClassCastException e) {
      throw new UsageException(option + " " + name + " is neither seq, text nor a "
          + type.getSimpleName() + " class");
    }
  }

  /** The first non-empty data file under the paths, skipping hidden ones as FileInputFormat does. */
  public static Path firstDataFile(Configuration conf, List<Path> paths) throws IOException {
    for (Path p : paths) {
      RemoteIterator<LocatedFileStatus> files = p.getFileSystem(conf).listFiles(p, true);
      while (files.hasNext()) {
        LocatedFileStatus s = files.next();
        String n = s.getPath().getName();
        if (s.getLen() > 0 && !n.startsWith("_") && !n.startsWith(".")) {
          return s.getPath();
        }
      }
    }
    return null;
  }

  /** Whether the file starts with the SequenceFile header. */
  public static boolean isSequenceFile(Configuration conf, Path file) throws IOException {
    FileSystem fs = file.getFileSystem(conf);
    byte[] head = new byte[SEQUENCE_FILE_MAGIC.length];
    try (InputStream in = fs.open(file)) {
      int n = 0;
      while (n < head.length) {
        int r = in.read(head, n, head.length - n);
        if (r < 0) {
          return false;
        }
        n += r;
      }
    }
    return java.util.Arrays.equals(head, SEQUENCE_FILE_MAGIC);
  }

  /** Key and value classes named in a SequenceFile's header. */
  public static Class<?>[] sequenceFileTypes(Configuration conf, Path file) throws IOException {
    try (SequenceFile.Reader r = new SequenceFile.Reader(conf, SequenceFile.Reader.file(file))) {
      return new Class<?>[] {r.getKeyClass(), r.getValueClass()};
    }
  }
}
