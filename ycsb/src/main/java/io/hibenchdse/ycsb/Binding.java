package io.hibenchdse.ycsb;

import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * The YCSB bindings this suite has, by YCSB's names ({@code -db}'s short forms, as {@code bin/ycsb}
 * takes them), each with its class: as a name, since the launcher's JVM loads no YCSB class.
 */
public enum Binding {
  CASSANDRA_CQL("cassandra-cql", "io.hibenchdse.ycsb.CassandraCqlClient"),
  HBASE2("hbase2", "io.hibenchdse.ycsb.HBaseClient2"),
  /** YCSB's own stand-in that stores nothing: the floor of the client's cost ({@code -p basicdb.verbose=false}). */
  BASIC("basic", "site.ycsb.BasicDB");

  private final String ycsbName;
  private final String dbClass;

  Binding(String ycsbName, String dbClass) {
    this.ycsbName = ycsbName;
    this.dbClass = dbClass;
  }

  /** The name YCSB's users give it, as in {@code bin/ycsb load hbase2}. */
  public String ycsbName() {
    return ycsbName;
  }

  /** The class YCSB's {@code -db} loads. */
  public String dbClass() {
    return dbClass;
  }

  /** The binding YCSB's users call {@code name}, if the suite has it. */
  public static Optional<Binding> named(String name) {
    return Arrays.stream(values()).filter(b -> b.ycsbName.equals(name)).findFirst();
  }

  /** Every binding's YCSB name. */
  public static List<String> names() {
    return Arrays.stream(values()).map(Binding::ycsbName).toList();
  }

  @Override
  public String toString() {
    return ycsbName;
  }
}
