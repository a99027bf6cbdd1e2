package io.millrace.runtime.expr;

import com.google.common.hash.Hashing;
import io.millrace.runtime.expr.SimpleFunction.Arg;
import io.millrace.runtime.expr.SimpleFunction.Signature;
import io.millrace.spi.data.DataType;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/**
 * {@code md5}, {@code sha1}/{@code sha}, {@code sha2} and {@code crc32} as {@link SimpleFunction}s
 * over BINARY (text as its UTF-8 bytes): a digest as lower-case hex text, a CRC-32 as a BIGINT,
 * as Spark gives them.
 */
final class Digests {
  static final Signature MD5 = Signature.of("md5", DataType.STRING, v -> md5((byte[]) v[0]), Arg.BINARY);
  static final Signature SHA1 = Signature.of("sha1", DataType.STRING, v -> sha1((byte[]) v[0]), Arg.BINARY);
  static final Signature SHA = Signature.of("sha", DataType.STRING, v -> sha1((byte[]) v[0]), Arg.BINARY);
  static final Signature SHA2 = Signature.of("sha2", DataType.STRING, v -> sha2((byte[]) v[0], (Integer) v[1]),
      Arg.BINARY, Arg.INT);
  static final Signature CRC32 = Signature.of("crc32", DataType.LONG, v -> crc32((byte[]) v[0]), Arg.BINARY);

  private Digests() {
  }

  /** Guava deprecates MD5 and SHA-1 for new security uses; these functions only reproduce Spark's values. */
  @SuppressWarnings("deprecation")
  static String md5(byte[] bytes) {
    return Hashing.md5().hashBytes(bytes).toString();
  }

  @SuppressWarnings("deprecation")
  static String sha1(byte[] bytes) {
    return Hashing.sha1().hashBytes(bytes).toString();
  }

  /**
   * The SHA-2 digest of {@code bitLength} 224, 256 (or 0, meaning 256), 384 or 512 bits; null for
   * any other length, as in Spark. Guava has no SHA-224, so that one comes from the JDK.
   */
  static String sha2(byte[] bytes, int bitLength) {
    switch (bitLength) {
      case 0: case 256: return Hashing.sha256().hashBytes(bytes).toString();
      case 384: return Hashing.sha384().hashBytes(bytes).toString();
      case 512: return Hashing.sha512().hashBytes(bytes).toString();
      case 224: return HexFormat.of().formatHex(sha224().digest(bytes));
      default: return null;
    }
  }

  static long crc32(byte[] bytes) {
    return Hashing.crc32().hashBytes(bytes).padToLong();
  }

  private static MessageDigest sha224() {
    try {
      return MessageDigest.getInstance("SHA-224");
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("this JVM has no SHA-224 digest", e);
    }
  }
}
