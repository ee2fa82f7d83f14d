package io.hibenchdse.launcher.deployment;

import io.hibenchdse.core.UsageException;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** A user's Cassandra cluster as {@code --serving} names it: {@code cassandra://HOST[,HOST...][:PORT]}. */
public record CassandraAddress(List<String> hosts, int port) implements ServingAddress {
  static final String SCHEME = "cassandra://";
  /** CQL's port where none is given. */
  static final int DEFAULT_PORT = 9042;
  private static final Pattern FORM = Pattern.compile("cassandra://([A-Za-z0-9._-]+(?:,[A-Za-z0-9._-]+)*)(?::(\\d{1,5}))?/?");

  /** {@code --serving}'s value; a UsageException names the form when it is not that. */
  static CassandraAddress parse(String serving) {
    Matcher m = FORM.matcher(serving);
    if (!m.matches()) {
      throw new UsageException("--serving " + serving + " is not cassandra://HOST[,HOST...][:PORT]");
    }
    return new CassandraAddress(List.copyOf(Arrays.asList(m.group(1).split(","))),
        m.group(2) == null ? DEFAULT_PORT : Integer.parseInt(m.group(2)));
  }

  @Override
  public ServingStore store() {
    return ServingStore.cassandra;
  }

  @Override
  public String toString() {
    return "cassandra://" + String.join(",", hosts) + ":" + port;
  }
}
