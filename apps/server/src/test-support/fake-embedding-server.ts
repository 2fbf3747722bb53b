import http from 'node:http';
import type { AddressInfo } from 'node:net';

/*
 * A fake embedding provider on 127.0.0.1 speaking OpenAI's embeddings API (POST /v1/embeddings,
 * also what Ollama, vLLM and LM Studio serve), for search by meaning in tests and benchmarks.
 *
 * Its "model" stands in for a real one's sense of meaning with a small lexicon: words of one
 * sense (price, cost, fee…) share a concept, every other word is a concept of its own, and a
 * text's vector is the normalised sum of its concepts' fixed pseudo-random directions. So a
 * paraphrase lands near the passage it paraphrases and unrelated texts land apart, as with a
 * real model — which is what the code under test must make use of.
 */

/** Words of one sense; the first names the concept. */
const SENSES: string[][] = [
  ['cost', 'price', 'pricing', 'fee', 'charge', 'expensive', 'cheap', 'pay', 'paying', 'euro', 'dollar'],
  ['plan', 'subscription', 'tier', 'package', 'licence', 'license'],
  ['seat', 'user', 'member', 'person', 'people'],
  ['refund', 'reimbursement', 'reimburse', 'repay', 'repayment', 'money back', 'cancel'],
  ['start', 'onboarding', 'kickoff', 'begin', 'setup', 'set up', 'first week', 'getting started'],
  ['client', 'customer', 'buyer'],
  ['secure', 'security', 'encrypt', 'encrypted', 'encryption', 'protect', 'protected', 'safe', 'tls', 'aes'],
  ['audit', 'audited', 'certified', 'certification', 'compliance', 'compliant', 'soc'],
  ['hire', 'hiring', 'recruit', 'recruiting', 'job', 'opening', 'vacancy', 'position'],
  ['engineer', 'developer', 'programmer', 'backend'],
  ['raise', 'fundraising', 'funding', 'investment', 'investor', 'round', 'seed', 'ventures', 'capital'],
  ['integrate', 'integration', 'connect', 'connects', 'sync', 'plug'],
  ['messenger', 'telegram', 'whatsapp', 'slack', 'discord', 'chat'],
  ['support', 'help', 'helpdesk', 'desk', 'assistance'],
  ['hour', 'time', 'weekday', 'weekdays', 'open', 'available', 'availability', 'when'],
  ['roadmap', 'plan ahead', 'upcoming', 'next quarter', 'future', 'ship', 'release', 'coming'],
  ['mobile', 'phone', 'app', 'ios', 'android'],
  ['offline', 'without internet', 'no connection'],
  ['fast', 'faster', 'quick', 'quicker', 'speed', 'response time', 'half', 'cut'],
  ['pilot', 'trial', 'try', 'test drive', 'evaluation'],
  ['free', 'no charge', 'at no cost', 'gratis', 'complimentary'],
  [
    'store',
    'stored',
    'storage',
    'host',
    'hosted',
    'hosting',
    'residency',
    'keep',
    'kept',
    'location',
    'where',
  ],
  ['europe', 'european', 'frankfurt', 'germany', 'eu'],
  ['data', 'information', 'records'],
  ['week', 'weeks', 'duration', 'long', 'last', 'lasts'],
  ['result', 'results', 'outcome', 'case study', 'success', 'improve', 'improved'],
];

/** Words that carry no meaning of their own here. */
const STOP = new Set(
  'a an the of to in on at for and or is are be can do does we our you your i my it its with by from what how much many get after within up no is any there this that which who will their they into each per as'.split(
    ' ',
  ),
);

const conceptOf = new Map<string, string>();
for (const sense of SENSES) for (const word of sense) conceptOf.set(word, sense[0]!);
const phrases = SENSES.flat().filter((word) => word.includes(' '));

/** A word's plain form: plural and verb endings off, so "costs" and "cost" are one word. */
function plain(word: string): string {
  if (conceptOf.has(word)) return word;
  for (const ending of ['ing', 'es', 's', 'ed']) {
    const stem = word.slice(0, -ending.length);
    if (word.endsWith(ending) && stem.length >= 3 && conceptOf.has(stem)) return stem;
  }
  return word.length > 4 && word.endsWith('s') ? word.slice(0, -1) : word;
}

/** The concepts a text speaks of, with how often. */
export function conceptsOf(text: string): Map<string, number> {
  let rest = text.toLowerCase();
  const counts = new Map<string, number>();
  const add = (concept: string) => counts.set(concept, (counts.get(concept) ?? 0) + 1);
  for (const phrase of phrases) {
    if (rest.includes(phrase)) {
      add(conceptOf.get(phrase)!);
      rest = rest.split(phrase).join(' ');
    }
  }
  for (const word of rest.match(/\p{L}[\p{L}\p{N}'-]*/gu) ?? []) {
    if (STOP.has(word)) continue;
    const form = plain(word);
    add(conceptOf.get(form) ?? form);
  }
  return counts;
}

/** Directions made so far (a benchmark embeds 100,000 passages of a few thousand concepts). */
const directions = new Map<string, Float64Array>();
const REMEMBERED_DIRECTIONS = 50_000;

/** A fixed direction per concept: a seeded pseudo-random unit vector. */
function direction(concept: string, dimensions: number): Float64Array {
  const key = `${dimensions}:${concept}`;
  let known = directions.get(key);
  if (!known) {
    known = makeDirection(concept, dimensions);
    if (directions.size < REMEMBERED_DIRECTIONS) directions.set(key, known);
  }
  return known;
}

function makeDirection(concept: string, dimensions: number): Float64Array {
  let seed = 2166136261;
  for (const char of concept) seed = Math.imul(seed ^ char.codePointAt(0)!, 16777619) >>> 0;
  const vector = new Float64Array(dimensions);
  for (let index = 0; index < dimensions; index++) {
    // xorshift32, then a value in [-1, 1): dense like a real embedding, near-orthogonal across concepts.
    seed ^= seed << 13;
    seed ^= seed >>> 17;
    seed ^= seed << 5;
    seed >>>= 0;
    vector[index] = seed / 2147483648 - 1;
  }
  return vector;
}

/** A text's vector: its concepts' directions summed (log-weighted counts), normalised. */
export function meaningVector(text: string, dimensions: number): number[] {
  const sum = new Float64Array(dimensions);
  for (const [concept, count] of conceptsOf(text)) {
    const weight = 1 + Math.log(count);
    const toward = direction(concept, dimensions);
    for (let index = 0; index < dimensions; index++) sum[index]! += weight * toward[index]!;
  }
  const length = Math.hypot(...sum) || 1;
  return Array.from(sum, (value) => value / length);
}

export interface EmbeddingRequest {
  model: string;
  input: string[];
  authorization: string | undefined;
}

export interface FakeEmbeddingServer {
  /** Base URL including /v1, as a provider's baseURL. */
  baseUrl: string;
  requests: EmbeddingRequest[];
  /** Requests from this one on (0-based) are held open and never answered (a process dies meanwhile). */
  holdFrom(index: number | null): void;
  /** Drops the connections of the requests held so far, so whoever waits on them fails and ends. */
  dropHeld(): void;
  /** The next request answers with this HTTP status. */
  failNext(status: number): void;
  close(): Promise<void>;
}

/** Starts the fake; its vectors have `dimensions` numbers (768: nomic-embed-text's width). */
export async function startFakeEmbeddingServer(dimensions = 768): Promise<FakeEmbeddingServer> {
  const requests: EmbeddingRequest[] = [];
  let holdFrom: number | null = null;
  let failStatus: number | null = null;
  const held: http.ServerResponse[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      if (req.method !== 'POST' || req.url !== '/v1/embeddings') {
        res.writeHead(404, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: { message: `no route ${req.method} ${req.url}` } }));
        return;
      }
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as {
        model?: string;
        input?: string | string[];
      };
      const input = typeof body.input === 'string' ? [body.input] : (body.input ?? []);
      const index = requests.length;
      requests.push({ model: String(body.model), input, authorization: req.headers.authorization });
      if (holdFrom !== null && index >= holdFrom) {
        held.push(res);
        return;
      }
      if (failStatus !== null) {
        const status = failStatus;
        failStatus = null;
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: { message: 'fake embedding failure', type: 'server_error' } }));
        return;
      }
      const tokens = input.reduce((sum, text) => sum + Math.ceil(text.length / 4), 0);
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          object: 'list',
          model: body.model,
          data: input.map((text, position) => ({
            object: 'embedding',
            index: position,
            embedding: meaningVector(text, dimensions),
          })),
          usage: { prompt_tokens: tokens, total_tokens: tokens },
        }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    holdFrom: (index) => {
      holdFrom = index;
    },
    dropHeld: () => {
      for (const res of held.splice(0)) res.socket?.destroy();
    },
    failNext: (status) => {
      failStatus = status;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
