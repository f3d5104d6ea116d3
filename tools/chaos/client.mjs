// A virtual user's browser: its cookies (session, CSRF, visitor), the CSRF token echoed on every
// state-changing call as the web app does, and a journal entry for every request it makes.

/**
 * What became of a request. `answered`: a status came back. `not-sent`: the connection was refused, so
 * the api never saw it (it was down). `no-answer`: the connection broke after the request went out
 * (the api was killed mid-request): it may or may not have happened. `timeout`: no answer in time.
 */
function failure(error) {
  if (error?.name === 'TimeoutError' || error?.name === 'AbortError') return 'timeout';
  const code = error?.cause?.code ?? error?.code;
  if (code === 'ECONNREFUSED') return 'not-sent';
  return 'no-answer';
}

export class Journal {
  constructor(startedAt) {
    this.startedAt = startedAt;
    this.entries = [];
  }

  now() {
    return Date.now() - this.startedAt;
  }

  add(entry) {
    entry.seq = this.entries.length;
    this.entries.push(entry);
    return entry;
  }
}

export class Browser {
  constructor({ baseUrl, journal, user, timeoutMs }) {
    this.baseUrl = baseUrl;
    this.journal = journal;
    this.user = user;
    this.timeoutMs = timeoutMs;
    this.jar = new Map();
  }

  keep(response) {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const at = pair.indexOf('=');
      const name = pair.slice(0, at).trim();
      const value = pair.slice(at + 1).trim();
      if (/expires=Thu, 01 Jan 1970/i.test(line) || value === '') this.jar.delete(name);
      else this.jar.set(name, value);
    }
  }

  cookie() {
    return [...this.jar].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  /**
   * One API call, journaled. `details` go into the entry (the target, the state asked for...). The
   * answer's `id` field (or `details.idOf(body)`) is recorded as the entry's id.
   */
  async call(action, method, path, body, details = {}) {
    const { idOf, ...rest } = details;
    const headers = { accept: 'application/json', cookie: this.cookie() };
    if (method !== 'GET') {
      headers['x-xsrf-token'] = decodeURIComponent(this.jar.get('XSRF-TOKEN') ?? '');
      if (body !== undefined) headers['content-type'] = 'application/json';
    }
    const entry = {
      user: this.user.index,
      userId: this.user.userId ?? null,
      action,
      method,
      path,
      ...rest,
      t0: this.journal.now(),
    };
    try {
      const response = await fetch(`${this.baseUrl}${path}`, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        redirect: 'manual',
        signal: AbortSignal.timeout(this.timeoutMs),
      });
      this.keep(response);
      const text = await response.text();
      let json = null;
      try {
        json = text ? JSON.parse(text) : null;
      } catch {
        json = null;
      }
      entry.status = response.status;
      entry.outcome = 'answered';
      // Lists are large and nothing checks them: their bodies stay out of the journal.
      entry.body = action === 'read' ? null : json;
      if (response.status >= 300) entry.message = String(json?.message ?? text).slice(0, 300);
      const id = idOf ? idOf(json) : json?.id;
      if (response.status < 300 && id !== undefined && id !== null) entry.id = id;
    } catch (error) {
      entry.status = 0;
      entry.outcome = failure(error);
      entry.message = String(error?.cause?.code ?? error?.cause?.message ?? error?.message ?? error).slice(0, 200);
    }
    entry.t1 = this.journal.now();
    this.journal.add(entry);
    return entry;
  }

  /** A PUT straight to storage (a presigned URL), as the browser's uploader does. Journaled too. */
  async put(action, url, bytes, headers, details = {}) {
    const entry = {
      user: this.user.index,
      userId: this.user.userId,
      action,
      method: 'PUT',
      path: 'storage',
      ...details,
    };
    entry.t0 = this.journal.now();
    try {
      const response = await fetch(url, {
        method: 'PUT',
        body: new Uint8Array(bytes),
        headers,
        signal: AbortSignal.timeout(this.timeoutMs),
      });
      await response.arrayBuffer();
      entry.status = response.status;
      entry.outcome = 'answered';
    } catch (error) {
      entry.status = 0;
      entry.outcome = failure(error);
      entry.message = String(error?.cause?.code ?? error?.message ?? error).slice(0, 200);
    }
    entry.t1 = this.journal.now();
    this.journal.add(entry);
    return entry;
  }
}

export const ok = (entry) => entry.status >= 200 && entry.status < 300;
/** The write may have happened: no answer, or a 5xx. A refused connection (`not-sent`) never reached the api. */
export const unknown = (entry) =>
  entry.outcome === 'no-answer' || entry.outcome === 'timeout' || (entry.outcome === 'answered' && entry.status >= 500);
