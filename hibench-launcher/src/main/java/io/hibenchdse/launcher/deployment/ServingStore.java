package io.hibenchdse.launcher.deployment;

/** The store YCSB's steps run on, with the YCSB binding that speaks to it. */
public enum ServingStore {
  cassandra("cassandra-cql"), hbase("hbase2");

  private final String binding;

  ServingStore(String binding) {
    this.binding = binding;
  }

  public String binding() {
    return binding;
  }
}
