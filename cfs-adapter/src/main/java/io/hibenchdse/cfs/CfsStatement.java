package io.hibenchdse.cfs;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.DriverException;
import com.datastax.oss.driver.api.core.cql.AsyncResultSet;
import com.datastax.oss.driver.api.core.cql.BoundStatement;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.UnaryOperator;

/**
 * A statement of cfs://, prepared in the background from the session's start. One whose preparing
 * failed (a timeout, a node that did not have the tables yet) is prepared again at its next use,
 * not failed for the life of the session.
 */
final class CfsStatement {
  private final CqlSession session;
  private final String cql;
  private final AtomicReference<CompletableFuture<PreparedStatement>> prepared = new AtomicReference<>();

  /** {@code cql} with {@code %s} for the keyspace, its preparing started now. */
  CfsStatement(CqlSession session, String keyspace, String cql) {
    this.session = session;
    this.cql = String.format(cql, keyspace);
    prepared.set(session.prepareAsync(this.cql).toCompletableFuture());
  }

  private CompletableFuture<PreparedStatement> prepared() {
    CompletableFuture<PreparedStatement> p = prepared.get();
    if (p.isCompletedExceptionally()) {
      CompletableFuture<PreparedStatement> again = session.prepareAsync(cql).toCompletableFuture();
      p = prepared.compareAndSet(p, again) ? again : prepared.get();
    }
    return p;
  }

  /** Bound to {@code values}; waits for the preparing, and throws the driver's error if it failed. */
  BoundStatement bind(Object... values) {
    try {
      return prepared().join().bind(values);
    } catch (CompletionException e) {
      Throwable cause = e.getCause();
      // a copy, with this caller's stack: the failed preparing is shared by every client
      throw cause instanceof DriverException ? ((DriverException) cause).copy() : e;
    }
  }

  /** Bound to {@code values} and run; once prepared, straight to the driver (so a cancel reaches it). */
  CompletionStage<AsyncResultSet> executeAsync(UnaryOperator<BoundStatement> settings, Object... values) {
    CompletableFuture<PreparedStatement> p = prepared();
    if (p.isDone() && !p.isCompletedExceptionally()) {
      return session.executeAsync(settings.apply(p.join().bind(values)));
    }
    return p.thenCompose(ready -> session.executeAsync(settings.apply(ready.bind(values))));
  }
}
