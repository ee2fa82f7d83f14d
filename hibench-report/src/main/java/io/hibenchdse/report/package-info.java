/**
 * What a suite's records become: the summary table (CSV, JSON, console), the HTML report and its
 * charts, and the comparison of two result directories. It reads {@code hibench.jsonl} and the
 * monitor's CSV files alone: a run's profile, series point, Spark counterpart and durability come
 * from its record ({@link io.hibenchdse.report.Measurement}, {@link io.hibenchdse.report.RecordedPoint},
 * {@link io.hibenchdse.report.Durability}), never from the suite or the daemons that made it, whose
 * modules are not on this one's class path. Each table's columns are declared once
 * ({@link io.hibenchdse.report.Columns}), each with its {@link io.hibenchdse.core.Unit}, and every
 * {@link io.hibenchdse.report.Format} (console, CSV file, page) shows those declared for it.
 */
package io.hibenchdse.report;
