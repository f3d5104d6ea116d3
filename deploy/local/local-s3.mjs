// The local object storage for `npm start`, `npm run dev`, the e2e run and jest: s3rver (an S3-protocol
// server from npm) behind a small front that checks AWS Signature V4 the way S3 does. s3rver itself checks
// no signature and would answer anyone; here it listens on a Unix socket in a private folder, so the front
// on 127.0.0.1 is the only way in, and the front forwards only requests signed with the storage key:
// header-signed ones (the api's and worker's own client) and presigned URLs (what browsers get from the
// api). CORS is allowed for the app's own origins only, so another page open in the browser can neither
// read the bucket nor write to it.
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { SignatureV4 } from '@smithy/signature-v4';

/** s3rver's own key, which the api and worker use unless S3_ACCESS_KEY / S3_SECRET_KEY say otherwise. */
export const LOCAL_S3_KEY = 'S3RVER';
/** S3 refuses a header-signed request whose x-amz-date is further than this from its clock. */
const MAX_CLOCK_SKEW_MS = 15 * 60 * 1000;
/** A week, the longest a SigV4 presigned URL may live. */
const MAX_PRESIGNED_SECONDS = 604_800;
/** Header-signed bodies are read whole to check their hash; our uploads are at most 10 MB. */
const MAX_SIGNED_BODY_BYTES = 100 * 1024 * 1024;
const UNSIGNED_PAYLOAD = 'UNSIGNED-PAYLOAD';

const HEADER_AUTH =
  /^AWS4-HMAC-SHA256 Credential=([^/,\s]+)\/(\d{8})\/([^/,\s]+)\/s3\/aws4_request,\s*SignedHeaders=([a-z0-9;-]+),\s*Signature=([0-9a-f]{64})$/;
const QUERY_CREDENTIAL = /^([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request$/;
const LONG_DATE = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/;

/** The hash @smithy/signature-v4 asks for, on node:crypto (an HMAC when given a key). */
class Sha256 {
  constructor(secret) {
    this.hash = secret
      ? createHmac('sha256', typeof secret === 'string' ? secret : Buffer.from(secret))
      : createHash('sha256');
  }
  update(data) {
    this.hash.update(typeof data === 'string' ? data : Buffer.from(data.buffer, data.byteOffset, data.byteLength));
  }
  async digest() {
    return new Uint8Array(this.hash.digest());
  }
}

function parseLongDate(value) {
  const m = LONG_DATE.exec(value ?? '');
  return m ? new Date(Date.UTC(+m[1], +m[2] - 1, +m[3], +m[4], +m[5], +m[6])) : null;
}

/** The query as S3 signs it: keys and values percent-decoded ('+' is a plus sign), repeated keys kept. */
function parseQuery(search) {
  const query = {};
  for (const part of search.split('&')) {
    if (!part) continue;
    const at = part.indexOf('=');
    const key = decodeURIComponent(at < 0 ? part : part.slice(0, at));
    const value = at < 0 ? '' : decodeURIComponent(part.slice(at + 1));
    const held = query[key];
    query[key] = held === undefined ? value : [].concat(held, value);
  }
  return query;
}

function sameText(a, b) {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

class Refusal extends Error {
  constructor(status, code, message) {
    super(message);
    this.status = status;
    this.code = code;
  }
}

const denied = (message) => new Refusal(403, 'AccessDenied', message);
const mismatch = () =>
  new Refusal(
    403,
    'SignatureDoesNotMatch',
    'The request signature we calculated does not match the signature you provided.',
  );

/**
 * Checks one request's SigV4 signature against `credentials`. Returns what the body must hash to
 * (a hex SHA-256, or null when the signature leaves the payload unsigned); throws a Refusal otherwise.
 */
export async function verifySignature(req, credentials, now = new Date()) {
  const [pathname, search = ''] = req.url.split(/\?(.*)/s, 2);
  const query = parseQuery(search);
  const headerAuth = req.headers.authorization;
  const signer = (region) =>
    new SignatureV4({
      service: 's3',
      region,
      credentials: { accessKeyId: credentials.accessKeyId, secretAccessKey: credentials.secretAccessKey },
      sha256: Sha256,
      uriEscapePath: false,
      applyChecksum: false,
    });
  const signedHeadersOf = (list) => {
    const names = list.split(';');
    if (!names.includes('host')) throw denied('The host header must be signed.');
    const headers = {};
    for (const name of names) {
      const value = req.headers[name];
      if (value === undefined) throw denied(`The signed header ${name} is missing.`);
      headers[name] = Array.isArray(value) ? value.join(',') : value;
    }
    return { names, headers };
  };

  if (headerAuth !== undefined) {
    const m = HEADER_AUTH.exec(headerAuth);
    if (!m) throw denied('Only AWS Signature Version 4 (AWS4-HMAC-SHA256) is accepted.');
    const [, accessKeyId, shortDate, region, signedList, signature] = m;
    if (accessKeyId !== credentials.accessKeyId) throw new Refusal(403, 'InvalidAccessKeyId', 'Unknown access key.');
    const date = parseLongDate(req.headers['x-amz-date']);
    if (!date || req.headers['x-amz-date'].slice(0, 8) !== shortDate) throw denied('x-amz-date is missing or wrong.');
    if (Math.abs(now.getTime() - date.getTime()) > MAX_CLOCK_SKEW_MS) {
      throw new Refusal(403, 'RequestTimeTooSkewed', 'The difference between the request time and now is too large.');
    }
    const payload = req.headers['x-amz-content-sha256'];
    if (payload !== UNSIGNED_PAYLOAD && !/^[0-9a-f]{64}$/.test(payload ?? '')) {
      throw new Refusal(400, 'InvalidRequest', 'x-amz-content-sha256 must be a SHA-256 or UNSIGNED-PAYLOAD.');
    }
    const { names, headers } = signedHeadersOf(signedList);
    if (!names.includes('x-amz-content-sha256')) throw denied('x-amz-content-sha256 must be signed.');
    const expected = await signer(region).sign(
      { method: req.method, protocol: 'http:', hostname: '', path: pathname, query, headers },
      { signingDate: date, signingRegion: region, signableHeaders: new Set(names) },
    );
    const computed = /Signature=([0-9a-f]{64})$/.exec(expected.headers.authorization)?.[1] ?? '';
    if (!sameText(computed, signature)) throw mismatch();
    return payload === UNSIGNED_PAYLOAD ? null : payload;
  }

  if (query['X-Amz-Signature'] !== undefined || query['X-Amz-Algorithm'] !== undefined) {
    if (query['X-Amz-Algorithm'] !== 'AWS4-HMAC-SHA256') throw denied('Only AWS4-HMAC-SHA256 is accepted.');
    const m = QUERY_CREDENTIAL.exec(String(query['X-Amz-Credential'] ?? ''));
    if (!m) throw denied('X-Amz-Credential is malformed.');
    const [, accessKeyId, shortDate, region] = m;
    if (accessKeyId !== credentials.accessKeyId) throw new Refusal(403, 'InvalidAccessKeyId', 'Unknown access key.');
    const date = parseLongDate(String(query['X-Amz-Date'] ?? ''));
    if (!date || String(query['X-Amz-Date']).slice(0, 8) !== shortDate) throw denied('X-Amz-Date is malformed.');
    const expires = Number(query['X-Amz-Expires']);
    if (!Number.isInteger(expires) || expires < 1 || expires > MAX_PRESIGNED_SECONDS) {
      throw denied('X-Amz-Expires must be between 1 and 604800 seconds.');
    }
    if (date.getTime() - now.getTime() > MAX_CLOCK_SKEW_MS) throw denied('The request is dated in the future.');
    if (now.getTime() > date.getTime() + expires * 1000) throw denied('Request has expired');
    const { names, headers } = signedHeadersOf(String(query['X-Amz-SignedHeaders'] ?? ''));
    const unsignedQuery = Object.fromEntries(Object.entries(query).filter(([key]) => !/^x-amz-/i.test(key)));
    // A presigned URL signs no payload: S3's canonical request ends in UNSIGNED-PAYLOAD.
    headers['x-amz-content-sha256'] = UNSIGNED_PAYLOAD;
    const keep = new Set(['x-amz-content-sha256']);
    const expected = await signer(region).presign(
      { method: req.method, protocol: 'http:', hostname: '', path: pathname, query: unsignedQuery, headers },
      {
        signingDate: date,
        expiresIn: expires,
        signingRegion: region,
        signableHeaders: new Set(names),
        unsignableHeaders: keep,
        unhoistableHeaders: keep,
      },
    );
    if (!sameText(String(expected.query['X-Amz-Signature']), String(query['X-Amz-Signature'] ?? ''))) throw mismatch();
    return null;
  }

  throw denied('Anonymous requests are not accepted: sign them with the storage key (AWS Signature Version 4).');
}

function refuse(res, refusal) {
  const body =
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    `<Error><Code>${refusal.code}</Code><Message>${refusal.message.replace(/[<&>]/g, '')}</Message></Error>`;
  res.writeHead(refusal.status, { 'Content-Type': 'application/xml', 'Content-Length': Buffer.byteLength(body) });
  res.end(body);
}

async function readBody(req) {
  const chunks = [];
  let size = 0;
  for await (const chunk of req) {
    size += chunk.length;
    if (size > MAX_SIGNED_BODY_BYTES) throw new Refusal(413, 'EntityTooLarge', 'The signed body is too large here.');
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

/** The bucket's CORS: browsers PUT uploads and GET media straight from storage; Uppy reads the ETag. */
export function storageCorsXml(allowedOrigins) {
  const origins = allowedOrigins.map((origin) => `    <AllowedOrigin>${origin}</AllowedOrigin>`).join('\n');
  return `<CORSConfiguration>
  <CORSRule>
${origins}
    <AllowedMethod>GET</AllowedMethod>
    <AllowedMethod>HEAD</AllowedMethod>
    <AllowedMethod>PUT</AllowedMethod>
    <AllowedHeader>*</AllowedHeader>
    <ExposeHeader>ETag</ExposeHeader>
    <MaxAgeSeconds>3000</MaxAgeSeconds>
  </CORSRule>
</CORSConfiguration>`;
}

const LOOPBACK_HOSTS = ['localhost', '127.0.0.1', '[::1]'];

/**
 * The origins CORS allows: each given URL's, and for a loopback one the same port on the other loopback
 * names, as the api's same-origin check does (a developer may open 127.0.0.1 while PUBLIC_URL says localhost).
 */
export function appOrigins(urls) {
  const origins = new Set();
  for (const value of urls) {
    const url = new URL(value);
    origins.add(url.origin);
    if (LOOPBACK_HOSTS.includes(url.hostname)) {
      for (const host of LOOPBACK_HOSTS) origins.add(`${url.protocol}//${host}${url.port ? `:${url.port}` : ''}`);
    }
  }
  return [...origins];
}

/**
 * Starts s3rver on a Unix socket with `bucket` (its CORS allowing `allowedOrigins` only) and the
 * signature-checking front on 127.0.0.1:`port` (0: any free port). Returns the front's URL and stop().
 */
export async function startAuthenticatedS3({ port, directory, bucket, allowedOrigins, credentials }) {
  const origins = appOrigins(allowedOrigins);
  const { default: S3rver } = await import('s3rver');
  const s3rver = new S3rver({ directory, silent: true, configureBuckets: [{ name: bucket, configs: [] }] });
  await s3rver.configureBuckets();
  // An existing bucket keeps the CORS of earlier runs (it was `*` before this front existed): replace it.
  const { getConfigModel } = await import('s3rver/lib/models/config.js');
  if (origins.length > 0) {
    await s3rver.store.putSubresource(bucket, undefined, getConfigModel('cors').validate(storageCorsXml(origins)));
  } else {
    await s3rver.store.deleteSubresource(bucket, undefined, 'cors');
  }
  const socketDir = await mkdtemp(path.join(os.tmpdir(), 'payola-s3-'));
  const socketPath = path.join(socketDir, 's3rver.sock');
  s3rver.httpServer = await s3rver.listen(socketPath);
  const agent = new http.Agent({ keepAlive: true });

  const forward = (req, res, body) => {
    const upstream = http.request(
      { socketPath, agent, method: req.method, path: req.url, headers: req.headers },
      (answer) => {
        const headers = { ...answer.headers };
        // s3rver answers an allowed preflight with `*`; name the one origin it was checked for instead.
        if (req.method === 'OPTIONS' && headers['access-control-allow-origin'] === '*') {
          headers['access-control-allow-origin'] = req.headers.origin;
        }
        res.writeHead(answer.statusCode ?? 502, headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => {
      if (!res.headersSent) res.writeHead(502);
      res.end();
    });
    if (body) upstream.end(body);
    else req.pipe(upstream);
  };

  const front = http.createServer(async (req, res) => {
    try {
      // A CORS preflight carries no credentials by design; s3rver answers it from the bucket's CORS.
      if (req.method === 'OPTIONS') return forward(req, res);
      const payloadHash = await verifySignature(req, credentials);
      if (payloadHash === null) return forward(req, res);
      const body = await readBody(req);
      if (!sameText(createHash('sha256').update(body).digest('hex'), payloadHash)) {
        throw new Refusal(400, 'XAmzContentSHA256Mismatch', "The body's SHA-256 is not the signed one.");
      }
      return forward(req, res, body);
    } catch (error) {
      if (error instanceof Refusal) return refuse(res, error);
      if (!res.headersSent) res.writeHead(500);
      res.end();
    }
  });
  await new Promise((resolve, reject) => {
    front.once('error', reject);
    front.listen(port, '127.0.0.1', resolve);
  });
  return {
    url: `http://127.0.0.1:${front.address().port}`,
    stop: async () => {
      await new Promise((resolve) => {
        front.close(resolve);
        front.closeAllConnections();
      });
      agent.destroy();
      await new Promise((resolve) => {
        s3rver.httpServer.close(resolve);
        s3rver.httpServer.closeAllConnections();
      });
      await rm(socketDir, { recursive: true, force: true });
    },
  };
}
