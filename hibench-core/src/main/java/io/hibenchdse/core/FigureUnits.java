package io.hibenchdse.core;

import com.fasterxml.jackson.databind.BeanDescription;
import com.fasterxml.jackson.databind.JavaType;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.introspect.AnnotatedMember;
import com.fasterxml.jackson.databind.introspect.BeanPropertyDefinition;
import java.lang.reflect.AnnotatedElement;
import java.util.Collections;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The units of a typed figures class's numbers, by the names its JSON gives them, read from their
 * {@link Figure} annotations through the classes they hold (lists, maps and arrays of figures too),
 * as Jackson writes them into a record. A number without a unit, or one name with two units, is a
 * programming error, refused at the first record that holds it. Jackson's class-level exclusions
 * ({@code @JsonIgnoreProperties}, filters), which no figures class uses, are not applied here.
 */
final class FigureUnits {
  private static final String SUITE_PACKAGE = "io.hibenchdse.";
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Map<Class<?>, Map<String, Unit>> KNOWN = new ConcurrentHashMap<>();

  private FigureUnits() {}

  /** Every figure's unit in {@code type}'s JSON, nested classes' too, by name. */
  static Map<String, Unit> of(Class<?> type) {
    return KNOWN.computeIfAbsent(type, t -> {
      Map<String, Unit> units = new LinkedHashMap<>();
      JavaType j = JSON.constructType(t);
      if (!j.isContainerType()) { // a map of figures names none of their units
        collect(j, units, new HashSet<>(Collections.singleton(t)));
      }
      return Collections.unmodifiableMap(units);
    });
  }

  /** Adds {@code more} to {@code units}, refusing a name that has another unit there. */
  static void merge(Map<String, Unit> units, Map<String, Unit> more, Object where) {
    for (Map.Entry<String, Unit> e : more.entrySet()) {
      Unit before = units.putIfAbsent(e.getKey(), e.getValue());
      if (before != null && before != e.getValue()) {
        throw new IllegalStateException(where + ": figure " + e.getKey() + " in " + e.getValue().code() + " and in " + before.code());
      }
    }
  }

  /** Adds the units of {@code type}'s figures to {@code units}, and those of the suite's classes it holds that {@code seen} does not. */
  private static void collect(JavaType type, Map<String, Unit> units, Set<Class<?>> seen) {
    BeanDescription bean = JSON.getSerializationConfig().introspect(type);
    for (BeanPropertyDefinition p : bean.findProperties()) {
      if (!p.couldSerialize()) {
        continue;
      }
      JavaType value = p.getPrimaryType();
      // a list, map or array of figures (or an Optional one) has its numbers' unit
      while (value.isContainerType() || value.isReferenceType()) {
        value = value.getContentType();
      }
      Figure figure = figure(p);
      if (isNumber(value.getRawClass())) {
        if (figure == null) {
          throw new IllegalStateException(type.getRawClass().getName() + "." + p.getName() + " is a figure without a unit (@Figure)");
        }
        merge(units, Collections.singletonMap(p.getName(), figure.value()), type.getRawClass().getName());
      } else if (value.getRawClass().getName().startsWith(SUITE_PACKAGE) && !value.isEnumType() && seen.add(value.getRawClass())) {
        collect(value, units, seen);
      }
    }
  }

  private static Figure figure(BeanPropertyDefinition p) {
    for (AnnotatedMember m : new AnnotatedMember[] {p.getField(), p.getGetter()}) {
      AnnotatedElement e = m == null ? null : (AnnotatedElement) m.getMember();
      if (e != null && e.getAnnotation(Figure.class) != null) {
        return e.getAnnotation(Figure.class);
      }
    }
    return null;
  }

  private static boolean isNumber(Class<?> c) {
    return Number.class.isAssignableFrom(c)
        || c.isPrimitive() && c != boolean.class && c != char.class && c != void.class;
  }
}
