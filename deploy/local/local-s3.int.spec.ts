import { createHash, createHmac } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { SignatureV4 } from '@smithy/signature-v4';
import { Client } from 'minio';
import { S3ObjectStorage } from '@app/platform';
// @ts-expect-error plain ESM helper shared with the launcher, no type declarations
import { startLocalS3 } from './services.mjs';

const BUCKET = 'payola-media';
const APP_ORIGIN = 'http://app.localhost:3000';
const KEY = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
const download = { expiresInSeconds: 300, contentType: 'video/mp4', contentDisposition: 'inline' };

class Sha256 {
  private readonly hash;
  constructor(secret?: string | Uint8Array) {
    this.hash = secret ? createHmac('sha256', secret) : createHash('sha256');
  }
  update(data: string | Uint8Array) {
    this.hash.update(data);
  }
  async digest() {
    return new Uint8Array(this.hash.digest());
  }
}

/**
 * The local object storage (`npm start`, the e2e run and jest's global setup start it) is reachable from
 * every page open in the developer's browser: it must refuse what is not signed with the storage key and
 * allow CORS for the app's own origin only.
 */
describe('local object storage: signatures checked, CORS for the app only', () => {
  let directory: string;
  let server: { url: string; stop: () => Promise<void> };
  let storage: S3ObjectStorage;

  const config = (endpoint: string, secret = KEY.secretAccessKey) => ({
    S3_ENDPOINT: endpoint,
    S3_BUCKET: BUCKET,
    S3_ACCESS_KEY: KEY.accessKeyId,
    S3_SECRET_KEY: secret,
    S3_REGION: 'us-east-1',
  });
  const objectUrl = (key: string) => `${server.url}/${BUCKET}/${key}`;

  beforeAll(async () => {
    directory = await mkdtemp(path.join(os.tmpdir(), 'local-s3-spec-'));
    server = await startLocalS3({ port: 0, directory, bucket: BUCKET, allowedOrigins: [APP_ORIGIN], credentials: KEY });
    storage = new S3ObjectStorage(config(server.url));
    await storage.write('media/private.mp4', Buffer.from('private fan video'), 'video/mp4');
  });
  afterAll(async () => {
    await server.stop();
    await rm(directory, { recursive: true, force: true });
  });

  it("serves the api's own client: writes, reads, lists, copies and deletes signed in the headers", async () => {
    await storage.write('uploads/u1/a.txt', Buffer.from('hello'), 'text/plain');
    expect((await storage.read('uploads/u1/a.txt')).toString()).toBe('hello');
    expect((await storage.readHead('uploads/u1/a.txt', 2)).toString()).toBe('he');
    expect(await storage.stat('uploads/u1/a.txt')).toEqual({ size: 5, contentType: 'text/plain' });
    await storage.copy('uploads/u1/a.txt', 'media/copied.txt');
    const keys: string[] = [];
    for await (const item of storage.list('')) keys.push(item.key);
    expect(keys).toEqual(expect.arrayContaining(['uploads/u1/a.txt', 'media/copied.txt', 'media/private.mp4']));
    await storage.remove('media/copied.txt');
    expect(await storage.stat('media/copied.txt')).toBeNull();
  });

  it("accepts a browser's PUT and GET on URLs the api presigned, response headers included", async () => {
    const put = await storage.presignPut('uploads/u1/video.mp4', 600);
    const uploaded = await fetch(put, { method: 'PUT', body: 'video bytes', headers: { 'Content-Type': 'video/mp4' } });
    expect(uploaded.status).toBe(200);
    const get = await storage.presignGet('uploads/u1/video.mp4', {
      expiresInSeconds: 300,
      contentType: 'video/mp4',
      contentDisposition: 'attachment; filename="my video.mp4"',
    });
    const downloaded = await fetch(get);
    expect(downloaded.status).toBe(200);
    expect(await downloaded.text()).toBe('video bytes');
    expect(downloaded.headers.get('content-disposition')).toBe('attachment; filename="my video.mp4"');
  });

  it('refuses an unsigned read, an unsigned list and an unsigned write', async () => {
    const read = await fetch(objectUrl('media/private.mp4'));
    expect(read.status).toBe(403);
    expect(await read.text()).not.toContain('private fan video');
    const list = await fetch(`${server.url}/${BUCKET}?list-type=2`);
    expect(list.status).toBe(403);
    expect(await list.text()).not.toContain('private.mp4');
    expect((await fetch(`${server.url}/`)).status).toBe(403);
    const write = await fetch(objectUrl('media/private.mp4'), { method: 'PUT', body: 'overwritten' });
    expect(write.status).toBe(403);
    const form = await fetch(`${server.url}/${BUCKET}`, { method: 'POST', body: new FormData() });
    expect(form.status).toBe(403);
    expect((await storage.read('media/private.mp4')).toString()).toBe('private fan video');
  });

  it('refuses a presigned write whose signature, key or method was changed, and an expired one', async () => {
    const put = await storage.presignPut('uploads/u1/checked.mp4', 600);
    const changedSignature = put.replace(
      /X-Amz-Signature=([0-9a-f])/,
      (_m, d: string) => `X-Amz-Signature=${d === '0' ? '1' : '0'}`,
    );
    expect((await fetch(changedSignature, { method: 'PUT', body: 'x' })).status).toBe(403);
    const otherKey = put.replace('uploads/u1/checked.mp4', 'media/private.mp4');
    expect((await fetch(otherKey, { method: 'PUT', body: 'overwritten' })).status).toBe(403);
    const get = await storage.presignGet('media/private.mp4', download);
    expect((await fetch(get, { method: 'PUT', body: 'overwritten' })).status).toBe(403);
    expect((await fetch(get, { method: 'DELETE' })).status).toBe(403);

    const { hostname, port } = new URL(server.url);
    const client = new Client({
      endPoint: hostname,
      port: Number(port),
      useSSL: false,
      accessKey: KEY.accessKeyId,
      secretKey: KEY.secretAccessKey,
      region: 'us-east-1',
      pathStyle: true,
    });
    const anHourAgo = new Date(Date.now() - 3600_000);
    const expired = await client.presignedUrl('GET', BUCKET, 'media/private.mp4', 60, {}, anHourAgo);
    expect((await fetch(expired)).status).toBe(403);
    expect((await storage.read('media/private.mp4')).toString()).toBe('private fan video');
  });

  it('refuses header-signed requests made with another secret, or whose body is not the signed one', async () => {
    const wrongKey = new S3ObjectStorage(config(server.url, 'not-the-secret'));
    await expect(wrongKey.read('media/private.mp4')).rejects.toThrow();
    await expect(wrongKey.write('media/private.mp4', Buffer.from('overwritten'), 'video/mp4')).rejects.toThrow();

    const { host } = new URL(server.url);
    const signer = new SignatureV4({ service: 's3', region: 'us-east-1', credentials: KEY, sha256: Sha256 });
    const signed = await signer.sign({
      method: 'PUT',
      protocol: 'http:',
      hostname: host,
      path: `/${BUCKET}/media/private.mp4`,
      headers: { host, 'x-amz-content-sha256': createHash('sha256').update('signed body').digest('hex') },
      body: 'signed body',
    });
    const sent = await fetch(objectUrl('media/private.mp4'), {
      method: 'PUT',
      headers: signed.headers,
      body: 'another body',
    });
    expect(sent.status).toBe(400);
    expect(await sent.text()).toContain('XAmzContentSHA256Mismatch');
    expect((await storage.read('media/private.mp4')).toString()).toBe('private fan video');
  });

  it("allows CORS for the app's origin only", async () => {
    const preflight = (origin: string) =>
      fetch(objectUrl('uploads/u1/video.mp4'), {
        method: 'OPTIONS',
        headers: {
          Origin: origin,
          'Access-Control-Request-Method': 'PUT',
          'Access-Control-Request-Headers': 'content-type',
        },
      });
    const ours = await preflight(APP_ORIGIN);
    expect(ours.status).toBe(200);
    expect(ours.headers.get('access-control-allow-origin')).toBe(APP_ORIGIN);
    const theirs = await preflight('https://elsewhere.example');
    expect(theirs.headers.get('access-control-allow-origin')).toBeNull();
    const otherPort = await preflight('http://app.localhost:3001');
    expect(otherPort.headers.get('access-control-allow-origin')).toBeNull();

    const get = await storage.presignGet('uploads/u1/video.mp4', download);
    expect((await fetch(get, { headers: { Origin: APP_ORIGIN } })).headers.get('access-control-allow-origin')).toBe(
      APP_ORIGIN,
    );
    const elsewhere = await fetch(get, { headers: { Origin: 'https://elsewhere.example' } });
    expect(elsewhere.headers.get('access-control-allow-origin')).toBeNull();
  });

  it("is what jest's global setup started for this run: an unsigned list is refused there too", async () => {
    const list = await fetch(`${process.env.S3_ENDPOINT}/${process.env.S3_BUCKET ?? BUCKET}?list-type=2`);
    expect(list.status).toBe(403);
  });
});

describe('local object storage CORS on a loopback PUBLIC_URL', () => {
  it('allows the same port on the other loopback names, as the api does, and nothing else', async () => {
    const directory = await mkdtemp(path.join(os.tmpdir(), 'local-s3-spec-'));
    const server = await startLocalS3({
      port: 0,
      directory,
      bucket: BUCKET,
      allowedOrigins: ['http://localhost:3000'],
      credentials: KEY,
    });
    try {
      const allowed = async (origin: string) =>
        (
          await fetch(`${server.url}/${BUCKET}/uploads/x.mp4`, {
            method: 'OPTIONS',
            headers: { Origin: origin, 'Access-Control-Request-Method': 'PUT' },
          })
        ).headers.get('access-control-allow-origin');
      for (const origin of ['http://localhost:3000', 'http://127.0.0.1:3000', 'http://[::1]:3000']) {
        expect(await allowed(origin)).toBe(origin);
      }
      for (const origin of ['http://localhost:5173', 'https://localhost:3000', 'http://192.168.1.5:3000']) {
        expect(await allowed(origin)).toBeNull();
      }
    } finally {
      await server.stop();
      await rm(directory, { recursive: true, force: true });
    }
  });
});
