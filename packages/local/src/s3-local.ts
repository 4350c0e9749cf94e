import S3rver from 's3rver';

export interface S3Local {
  endpoint: string;
  stop(): Promise<void>;
}

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
    configureBuckets: [{ name: options.bucket, configs: [] }],
  });
  await server.run();
  return { endpoint: `http://127.0.0.1:${options.port}`, stop: () => server.close() };
}
