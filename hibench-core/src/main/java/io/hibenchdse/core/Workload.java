package io.hibenchdse.core;

import java.util.function.Supplier;

/** A runnable workload of a jar: its command-line name, a one-line description and its tool. */
public final class Workload {
  private final String name;
  private final String description;
  private final Supplier<BenchmarkTool> factory;

  public Workload(String name, String description, Supplier<BenchmarkTool> factory) {
    this.name = name;
    this.description = description;
    this.factory = factory;
  }

  public String name() {
    return name;
  }

  public String description() {
    return description;
  }

  /** A fresh tool called by this workload's name: tools keep their parsed options, so one instance serves one run. */
  public BenchmarkTool newTool() {
    return factory.get().calledAs(name);
  }
}
