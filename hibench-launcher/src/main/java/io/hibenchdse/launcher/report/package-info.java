/**
 * What a suite's measurements become: the summary table (CSV, JSON, console), the HTML report and
 * its charts, and the comparison of two result directories.
 */
package io.hibenchdse.launcher.report;
