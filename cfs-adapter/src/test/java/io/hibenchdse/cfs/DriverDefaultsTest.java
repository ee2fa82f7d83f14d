package io.hibenchdse.cfs;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.datastax.oss.driver.api.core.config.DriverConfigLoader;
import com.datastax.oss.driver.api.core.config.DriverExecutionProfile;
import com.datastax.oss.driver.api.core.config.DriverOption;
import com.datastax.oss.driver.api.core.config.OptionsMap;
import com.datastax.oss.driver.api.core.config.TypedDriverOption;
import com.datastax.oss.driver.api.core.type.reflect.GenericType;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * CfsStore builds the driver's settings from {@link OptionsMap#driverDefaults()} instead of the
 * driver's reference.conf (parsing it cost every JVM 0.1 s): both must give every option the same
 * default, or cfs:// would run with other settings than the driver documents.
 */
class DriverDefaultsTest {
  @Test
  void javaDefaultsEqualReferenceConf() {
    DriverExecutionProfile reference = DriverConfigLoader.fromDefaults(getClass().getClassLoader())
        .getInitialConfig().getDefaultProfile();
    DriverExecutionProfile java = DriverConfigLoader.fromMap(OptionsMap.driverDefaults()).getInitialConfig().getDefaultProfile();
    List<String> differences = new ArrayList<>();
    int compared = 0;
    for (TypedDriverOption<?> option : TypedDriverOption.builtInValues()) {
      DriverOption raw = option.getRawOption();
      // a file's reload interval means nothing to settings that come from no file
      if (raw.getPath().equals("basic.config-reload-interval")
          || !reference.isDefined(raw) && !java.isDefined(raw)) {
        continue;
      }
      Object r = reference.isDefined(raw) ? value(reference, option) : "(undefined)";
      Object j = java.isDefined(raw) ? value(java, option) : "(undefined)";
      if (!r.equals(j)) {
        differences.add(raw.getPath() + ": reference.conf " + r + ", OptionsMap " + j);
      }
      compared++;
    }
    assertEquals(List.of(), differences);
    assertEquals(true, compared > 100, compared + " options compared");
  }

  private static Object value(DriverExecutionProfile p, TypedDriverOption<?> option) {
    DriverOption o = option.getRawOption();
    GenericType<?> t = option.getExpectedType();
    if (t.equals(GenericType.DURATION)) {
      return p.getDuration(o);
    } else if (t.equals(GenericType.INTEGER)) {
      return p.getInt(o);
    } else if (t.equals(GenericType.LONG)) {
      return p.getBytes(o); // plain numbers and sizes ("256 MiB") alike
    } else if (t.equals(GenericType.BOOLEAN)) {
      return p.getBoolean(o);
    } else if (t.equals(GenericType.DOUBLE)) {
      return p.getDouble(o);
    } else if (t.equals(GenericType.listOf(String.class))) {
      return p.getStringList(o);
    } else if (t.equals(GenericType.mapOf(String.class, String.class))) {
      return p.getStringMap(o);
    }
    return p.getString(o);
  }
}
