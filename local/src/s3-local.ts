import S3rver from 's3rver';

export interface S3Local {
  endpoint: string;
  stop(): Promise<void>;
}

/**
 * The bucket's CORS as in the cloud (infra data stack): the browser PUTs uploads to presigned URLs
 * and may read downloads from them. Loopback only, so any origin of this machine.
 */
const CORS = `<CORSConfiguration>
  <CORSRule>
    <AllowedOrigin>*</AllowedOrigin>
    <AllowedMethod>PUT</AllowedMethod>
    <AllowedMethod>GET</AllowedMethod>
    <AllowedHeader>*</AllowedHeader>
    <ExposeHeader>ETag</ExposeHeader>
    <MaxAgeSeconds>3000</MaxAgeSeconds>
  </CORSRule>
</CORSConfiguration>`;

/** s3rver on loopback: the same @aws-sdk/client-s3 calls and presigned URLs as the cloud bucket. */
export async function startS3Local(options: {
  port: number;
  directory: string;
  bucket: string;
}): Promise<S3Local> {
  const server = new S3rver({
    port: options.port,
    address: '127.0.0.1',
    silent: true,
    directory: options.directory,
    configureBuckets: [{ name: options.bucket, configs: [CORS] }],
  });
  await server.run();
  return { endpoint: `http://127.0.0.1:${options.port}`, stop: () => server.close() };
}
