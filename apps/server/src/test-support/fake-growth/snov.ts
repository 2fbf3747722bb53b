import { randomBytes } from 'node:crypto';
import { startFakeServer, type FakeRequest, type FakeServer } from './fake-server';

/**
 * A fake Snov.io API on 127.0.0.1 (https://snov.io/api):
 * - POST /v1/oauth/access_token with a form (grant_type=client_credentials, client_id,
 *   client_secret) → `{ access_token, token_type: "Bearer", expires_in: 3600 }`; an unknown client
 *   gets 401 `{ error: "invalid_client" }`.
 * - POST /v2/company-domain-by-name/start `{ names }` and POST /v2/emails-by-domain-by-name/start
 *   `{ rows: [{ first_name, last_name, domain }] }` with `Authorization: Bearer <token>` →
 *   `{ data: { task_hash }, meta, links }`.
 * - GET /v2/company-domain-by-name/result?task_hash=… → `{ status: "completed", data: [{ name,
 *   result: { domain } }] }`, and GET /v2/emails-by-domain-by-name/result?task_hash=… →
 *   `{ status: "completed", data: [{ people, result: [{ email, smtp_status, … }] }] }`; while a
 *   task is not done, `{ status: "in_progress", data: [] }`.
 * A missing or unknown token gets 401 in Snov.io's gateway shape, `{ errors: { code, title } }`.
 */

export interface SnovEmail {
  email: string;
  smtp_status: 'valid' | 'unknown' | 'not_valid';
}

export interface FakeSnov extends FakeServer {
  addAccount(clientId: string, clientSecret: string): void;
  /** The domain company-domain-by-name finds for a company name. */
  addCompany(name: string, domain: string): void;
  /** The emails emails-by-domain-by-name finds for a person at a domain. */
  addPerson(domain: string, firstName: string, lastName: string, emails: SnovEmail[]): void;
  /** The next `reads` result reads answer "in_progress", whatever the task. */
  notReadyFor(reads: number): void;
  /** The tokens issued so far. */
  tokensIssued(): number;
}

type Task = { kind: 'domain'; names: string[] } | { kind: 'emails'; rows: Array<Record<string, string>> };

const key = (...parts: string[]) => parts.map((part) => part.trim().toLowerCase()).join('|');
const gatewayError = (status: number, title: string) => ({
  status,
  body: { errors: { code: status, title, source: '' } },
});

export async function startFakeSnov(): Promise<FakeSnov> {
  const accounts = new Map<string, string>();
  const tokens = new Set<string>();
  const companies = new Map<string, string>();
  const people = new Map<string, SnovEmail[]>();
  const tasks = new Map<string, Task>();
  let pendingReads = 0;
  let issued = 0;

  function started(request: FakeRequest, path: string, task: Task) {
    const hash = randomBytes(16).toString('hex');
    tasks.set(hash, task);
    return {
      status: 200,
      body: {
        data: { task_hash: hash },
        meta: { ...(request.body as object), task_hash: hash },
        links: { result: `http://${request.headers.host}${path}/result?task_hash=${hash}` },
      },
    };
  }

  function result(task: Task) {
    if (task.kind === 'domain') {
      return task.names.map((name) => ({
        name,
        result: { domain: companies.get(key(name)) ?? '' },
      }));
    }
    return task.rows.map((row) => ({
      people: `${row.first_name ?? ''} ${row.last_name ?? ''}`.trim(),
      result: (people.get(key(row.domain ?? '', row.first_name ?? '', row.last_name ?? '')) ?? []).map(
        (email) => ({
          ...email,
          is_valid_format: true,
          is_disposable: false,
          is_webmail: false,
          is_gibberish: false,
          unknown_status_reason: null,
        }),
      ),
    }));
  }

  const server = await startFakeServer(
    (request) => {
      if (request.method === 'POST' && request.path === '/v1/oauth/access_token') {
        const form = new URLSearchParams(
          String(request.headers['content-type']).startsWith('application/x-www-form-urlencoded')
            ? request.rawBody
            : '',
        );
        if (form.get('grant_type') !== 'client_credentials') {
          return {
            status: 400,
            body: {
              error: 'unsupported_grant_type',
              message: 'The authorization grant type is not supported.',
            },
          };
        }
        const secret = accounts.get(form.get('client_id') ?? '');
        if (secret === undefined || secret !== form.get('client_secret')) {
          return {
            status: 401,
            body: { error: 'invalid_client', message: 'Client authentication failed' },
          };
        }
        const token = `snov-token-${++issued}-${randomBytes(8).toString('hex')}`;
        tokens.add(token);
        return { status: 200, body: { access_token: token, token_type: 'Bearer', expires_in: 3600 } };
      }
      const bearer = /^Bearer (.+)$/.exec(String(request.headers.authorization ?? ''))?.[1];
      if (!bearer || !tokens.has(bearer)) return gatewayError(401, 'Unauthorized');
      const body = (typeof request.body === 'object' && request.body !== null ? request.body : {}) as Record<
        string,
        unknown
      >;
      if (request.method === 'POST' && request.path === '/v2/company-domain-by-name/start') {
        const names = Array.isArray(body.names) ? body.names.map(String) : [];
        if (names.length === 0 || names.length > 10) return gatewayError(400, 'names: 1 to 10 are required');
        return started(request, '/v2/company-domain-by-name', { kind: 'domain', names });
      }
      if (request.method === 'POST' && request.path === '/v2/emails-by-domain-by-name/start') {
        const rows = Array.isArray(body.rows) ? (body.rows as Array<Record<string, string>>) : [];
        const complete = rows.every((row) => row.first_name && row.last_name && row.domain);
        if (rows.length === 0 || rows.length > 10 || !complete) {
          return gatewayError(400, 'rows: first_name, last_name and domain are required');
        }
        return started(request, '/v2/emails-by-domain-by-name', { kind: 'emails', rows });
      }
      const reading = /^\/v2\/(company-domain-by-name|emails-by-domain-by-name)\/result$/.exec(request.path);
      if (request.method === 'GET' && reading) {
        const hash = request.query.get('task_hash') ?? '';
        const task = tasks.get(hash);
        const kind = reading[1] === 'company-domain-by-name' ? 'domain' : 'emails';
        if (!task || task.kind !== kind) return gatewayError(404, 'Sorry, but url or entity not found');
        if (pendingReads > 0) {
          pendingReads--;
          return { status: 200, body: { status: 'in_progress', data: [], meta: { task_hash: hash } } };
        }
        return { status: 200, body: { status: 'completed', data: result(task), meta: { task_hash: hash } } };
      }
      return gatewayError(404, 'Sorry, but url or entity not found');
    },
    (failure) => ({
      errors: {
        code: failure.status,
        title: failure.status === 429 ? 'Too Many Requests' : 'Something went wrong',
        source: '',
      },
    }),
  );
  return {
    ...server,
    addAccount: (clientId, clientSecret) => accounts.set(clientId, clientSecret),
    addCompany: (name, domain) => companies.set(key(name), domain),
    addPerson: (domain, firstName, lastName, emails) => people.set(key(domain, firstName, lastName), emails),
    notReadyFor: (reads) => {
      pendingReads = reads;
    },
    tokensIssued: () => issued,
  };
}
