package io.hibenchdse.launcher.deployment;

import io.hibenchdse.ycsb.Binding;

/** The store YCSB's steps run on, with the YCSB binding that speaks to it. */
public enum ServingStore {
  cassandra(Binding.CASSANDRA_CQL), hbase(Binding.HBASE2);

  private final Binding binding;

  ServingStore(Binding binding) {
    this.binding = binding;
  }

  public Binding binding() {
    return binding;
  }
}
