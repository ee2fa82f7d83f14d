package io.hibenchdse.core;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * The unit of a figure of a record: on a field of {@link RunResult} or of a workload's or monitor's
 * typed figures (a record's component, where it reaches the field and its accessor). On an array,
 * a collection or a map, the unit of its numbers. A record writes the units of all its figures by
 * their names ({@link RunResult#units()}).
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.FIELD, ElementType.METHOD})
public @interface Figure {
  Unit value();
}
