package io.hibenchdse.it;

import java.lang.reflect.Method;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.InvocationInterceptor;
import org.junit.jupiter.api.extension.ReflectiveInvocationContext;

/**
 * src-it's test classes run in two Surefire forks at once, which share this machine's two cores.
 * Most cases only need the machine to finish; a few compare what they measure with a budget or
 * another instrument over the same seconds (a link's speed, the hosts' own counters, sar), and
 * another fork's JVMs starting beside them would move those figures. Those sections run {@link
 * #alone}. Every case, {@code @BeforeAll}, {@code @AfterAll}, {@code @BeforeEach} and {@code
 * @AfterEach} of either fork holds the forks' {@link MachineLock} shared (this interceptor,
 * registered for every class by JUnit's extension autodetection).
 */
public final class MachineShare implements InvocationInterceptor {
  /** Both forks run in the module's directory: one file for both. */
  static final MachineLock FORKS = new MachineLock(Path.of("target", "machine-share.lock"));

  /** Runs {@code section} of the calling case with no case of the other fork running, once its running case has ended. */
  public static <T> T alone(Callable<T> section) throws Exception {
    return FORKS.alone(section);
  }

  @Override
  public void interceptTestMethod(Invocation<Void> invocation, ReflectiveInvocationContext<Method> call, ExtensionContext context)
      throws Throwable {
    shared(invocation);
  }

  @Override
  public void interceptTestTemplateMethod(Invocation<Void> invocation, ReflectiveInvocationContext<Method> call, ExtensionContext context)
      throws Throwable {
    shared(invocation);
  }

  @Override
  public void interceptBeforeAllMethod(Invocation<Void> invocation, ReflectiveInvocationContext<Method> call, ExtensionContext context)
      throws Throwable {
    shared(invocation);
  }

  @Override
  public void interceptAfterAllMethod(Invocation<Void> invocation, ReflectiveInvocationContext<Method> call, ExtensionContext context)
      throws Throwable {
    shared(invocation);
  }

  @Override
  public void interceptBeforeEachMethod(Invocation<Void> invocation, ReflectiveInvocationContext<Method> call, ExtensionContext context)
      throws Throwable {
    shared(invocation);
  }

  @Override
  public void interceptAfterEachMethod(Invocation<Void> invocation, ReflectiveInvocationContext<Method> call, ExtensionContext context)
      throws Throwable {
    shared(invocation);
  }

  private static void shared(Invocation<Void> invocation) throws Throwable {
    FORKS.share();
    try {
      invocation.proceed();
    } finally {
      FORKS.unshare();
    }
  }
}
