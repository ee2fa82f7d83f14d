package io.hibenchdse.core;

/** Bad input from the user: reported as one line on stderr with exit status 2. */
public class UsageException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  public UsageException(String message) {
    super(message);
  }
}
