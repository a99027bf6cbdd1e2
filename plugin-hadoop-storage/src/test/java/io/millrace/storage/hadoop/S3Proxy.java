package io.millrace.storage.hadoop;

import java.net.URI;
import java.util.Map;
import java.util.UUID;
import org.gaul.s3proxy.AuthenticationType;
import org.jclouds.ContextBuilder;
import org.jclouds.blobstore.BlobStoreContext;

/**
 * An in-process S3-compatible server (s3proxy over jclouds' in-memory blob store) on a free
 * loopback port, with one bucket, and the S3A options that reach it.
 */
public final class S3Proxy {
  public static final String BUCKET = "millrace-tck";
  private static final String ACCESS_KEY = "tck-access";
  private static final String SECRET_KEY = "tck-secret";

  private final BlobStoreContext context;
  private final org.gaul.s3proxy.S3Proxy proxy;

  private S3Proxy(BlobStoreContext context, org.gaul.s3proxy.S3Proxy proxy) {
    this.context = context;
    this.proxy = proxy;
  }

  /** Starts the server and creates {@link #BUCKET}. */
  public static S3Proxy start() throws Exception {
    BlobStoreContext context = ContextBuilder.newBuilder("transient")
        .credentials("identity", "credential")
        .build(BlobStoreContext.class);
    org.gaul.s3proxy.S3Proxy proxy = org.gaul.s3proxy.S3Proxy.builder()
        .blobStore(context.getBlobStore())
        .awsAuthentication(AuthenticationType.AWS_V2_OR_V4, ACCESS_KEY, SECRET_KEY)
        .endpoint(URI.create("http://127.0.0.1:0"))
        .build();
    proxy.start();
    long deadline = System.nanoTime() + 30_000_000_000L;
    while (!"STARTED".equals(proxy.getState())) {
      if (System.nanoTime() > deadline) {
        throw new IllegalStateException("s3proxy did not start within 30 s; state " + proxy.getState());
      }
      Thread.sleep(10);
    }
    context.getBlobStore().createContainerInLocation(null, BUCKET);
    return new S3Proxy(context, proxy);
  }

  /** Session options that point S3A at this server with path-style requests and fixed keys. */
  public Map<String, String> options() {
    return Map.ofEntries(
        Map.entry("millrace.hadoop.fs.s3a.endpoint", "http://127.0.0.1:" + proxy.getPort()),
        Map.entry("millrace.hadoop.fs.s3a.endpoint.region", "us-east-1"),
        Map.entry("millrace.hadoop.fs.s3a.path.style.access", "true"),
        Map.entry("millrace.hadoop.fs.s3a.connection.ssl.enabled", "false"),
        Map.entry("millrace.hadoop.fs.s3a.aws.credentials.provider", "org.apache.hadoop.fs.s3a.SimpleAWSCredentialsProvider"),
        Map.entry("millrace.hadoop.fs.s3a.access.key", ACCESS_KEY),
        Map.entry("millrace.hadoop.fs.s3a.secret.key", SECRET_KEY),
        // A broken setup should fail a test in seconds, not after S3A's default retries.
        Map.entry("millrace.hadoop.fs.s3a.attempts.maximum", "2"),
        Map.entry("millrace.hadoop.fs.s3a.retry.limit", "2"));
  }

  /** A fresh root in the bucket. */
  public static URI freshRoot() {
    return URI.create("s3a://" + BUCKET + "/tck/" + UUID.randomUUID() + "/");
  }

  /** Stops the server and drops its blobs. */
  public void stop() throws Exception {
    proxy.stop();
    context.close();
  }
}
