import { buffer } from 'node:stream/consumers';
import { Client, CopyConditions } from 'minio';
import { z } from 'zod';
import type { AppConfig } from '../config/config.js';
import type { ObjectStat, ObjectStorage, PresignedDownload, StoredObject } from './object-storage.js';

/** The region never changes here: with it set, presigning is pure computation (no bucket-location call). */
const REGION = 'us-east-1';

function clientFor(endpoint: string, config: Pick<AppConfig, 'S3_ACCESS_KEY' | 'S3_SECRET_KEY' | 'S3_REGION'>) {
  const url = new URL(endpoint);
  const useSSL = url.protocol === 'https:';
  return new Client({
    endPoint: url.hostname,
    port: url.port ? Number(url.port) : useSSL ? 443 : 80,
    useSSL,
    accessKey: config.S3_ACCESS_KEY,
    secretKey: config.S3_SECRET_KEY,
    region: config.S3_REGION ?? REGION,
    // Path-style (host/bucket/key): works with every S3-compatible server and behind a path proxy.
    pathStyle: true,
  });
}

function isMissing(error: unknown): boolean {
  const code = typeof error === 'object' && error !== null && 'code' in error ? error.code : undefined;
  return code === 'NotFound' || code === 'NoSuchKey';
}

/** One entry of a bucket listing (the stream is typed as bytes); a common prefix has no name. */
const ZListedObject = z.object({
  name: z.string().optional(),
  size: z.number().optional(),
  lastModified: z.date().optional(),
});

/**
 * Object storage over the S3 protocol with the `minio` client. Two clients: one for the api's own
 * calls (S3_ENDPOINT, which may be a private address) and one that only signs URLs for browsers
 * (S3_PUBLIC_ENDPOINT): a signature covers the host, so it must be the one the browser uses.
 */
export class S3ObjectStorage implements ObjectStorage {
  private readonly client: Client;
  private readonly signer: Client;
  readonly bucket: string;

  constructor(
    config: Pick<
      AppConfig,
      'S3_ENDPOINT' | 'S3_PUBLIC_ENDPOINT' | 'S3_BUCKET' | 'S3_ACCESS_KEY' | 'S3_SECRET_KEY' | 'S3_REGION'
    >,
  ) {
    this.client = clientFor(config.S3_ENDPOINT, config);
    this.signer = clientFor(config.S3_PUBLIC_ENDPOINT ?? config.S3_ENDPOINT, config);
    this.bucket = config.S3_BUCKET;
  }

  presignPut(key: string, expiresInSeconds: number): Promise<string> {
    return this.signer.presignedPutObject(this.bucket, key, expiresInSeconds);
  }

  presignGet(key: string, options: PresignedDownload): Promise<string> {
    return this.signer.presignedGetObject(this.bucket, key, options.expiresInSeconds, {
      'response-content-type': options.contentType,
      'response-content-disposition': options.contentDisposition,
    });
  }

  async stat(key: string): Promise<ObjectStat | null> {
    try {
      const stat = await this.client.statObject(this.bucket, key);
      const contentType: unknown = stat.metaData['content-type'];
      return { size: stat.size, contentType: typeof contentType === 'string' ? contentType : null };
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async readHead(key: string, length: number): Promise<Buffer> {
    return buffer(await this.client.getPartialObject(this.bucket, key, 0, length));
  }

  async read(key: string): Promise<Buffer> {
    return buffer(await this.client.getObject(this.bucket, key));
  }

  async write(key: string, body: Buffer, contentType: string): Promise<void> {
    await this.client.putObject(this.bucket, key, body, body.length, { 'Content-Type': contentType });
  }

  async copy(fromKey: string, toKey: string): Promise<void> {
    await this.client.copyObject(this.bucket, toKey, `/${this.bucket}/${fromKey}`, new CopyConditions());
  }

  async remove(key: string): Promise<void> {
    try {
      await this.client.removeObject(this.bucket, key);
    } catch (error) {
      if (!isMissing(error)) throw error;
    }
  }

  async *list(prefix: string): AsyncIterable<StoredObject> {
    for await (const item of this.client.listObjectsV2(this.bucket, prefix, true)) {
      const object = ZListedObject.parse(item);
      if (object.name) {
        yield { key: object.name, size: object.size ?? 0, lastModified: object.lastModified ?? new Date(0) };
      }
    }
  }
}
