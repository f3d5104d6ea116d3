/**
 * The object-storage port: what the product needs from an S3-protocol server, nothing more. Browsers
 * upload and download through short-lived presigned URLs; the api reads, writes and deletes objects
 * itself. `S3ObjectStorage` (s3-object-storage.ts) implements it with the `minio` client.
 */
export interface StoredObject {
  key: string;
  size: number;
  lastModified: Date;
}

export interface ObjectStat {
  size: number;
  contentType: string | null;
}

export interface PresignedDownload {
  expiresInSeconds: number;
  /** The Content-Type the storage answers with, whatever the object was uploaded as. */
  contentType: string;
  /** e.g. `inline; filename="message.mp4"` */
  contentDisposition: string;
}

export interface ObjectStorage {
  readonly bucket: string;
  /** A URL the browser PUTs the object to (the origin is the public endpoint). */
  presignPut(key: string, expiresInSeconds: number): Promise<string>;
  presignGet(key: string, options: PresignedDownload): Promise<string>;
  /** The object's size and stored type, or null when there is no such object. */
  stat(key: string): Promise<ObjectStat | null>;
  /** Up to `length` bytes from the start: enough to recognise a file type. */
  readHead(key: string, length: number): Promise<Buffer>;
  read(key: string): Promise<Buffer>;
  write(key: string, body: Buffer, contentType: string): Promise<void>;
  copy(fromKey: string, toKey: string): Promise<void>;
  /** Deleting an object that is not there is not an error. */
  remove(key: string): Promise<void>;
  list(prefix: string): AsyncIterable<StoredObject>;
}

export const OBJECT_STORAGE = Symbol('OBJECT_STORAGE');
