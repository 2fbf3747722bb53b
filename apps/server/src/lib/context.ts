import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '@doppel/db';
import type { Config } from './config';
import type { Mailer } from './mailer';
import type { BackgroundWork } from './background-work';
import type { Clock } from './clock';
import type { AccessTokens } from './access-tokens';
import type { SecretBox } from './secret-box';
import type { ChangeFeed } from './change-feed';
import type { DomainEvents } from './domain-events';
import type { JobQueue } from './job-queue';
import type { FileStore } from './file-store';
import type { Metrics } from './metrics';
import type { ThreadPool } from './thread-pool';

/** What domain functions need from the outside world; built once in app.ts. */
export interface AppContext {
  db: Db;
  /** Whether the database has pgvector and the passage vectors table: search by meaning can run. */
  vectorSearch: boolean;
  config: Config;
  clock: Clock;
  mailer: Mailer;
  accessTokens: AccessTokens;
  log: FastifyBaseLogger;
  /** Committed changes of users' data, from every process (lib/change-feed.ts). */
  events: ChangeFeed;
  /** Encrypts secrets at rest (AI provider keys, messenger credentials). */
  secrets: SecretBox;
  /** A key for one purpose (e.g. signing known-device cookies), derived from the master secret. */
  deriveKey: (purpose: string) => Uint8Array;
  /** Work started by a request and finished after its answer (lib/background-work.ts). */
  background: BackgroundWork;
  /** Facts modules state for others to act on, delivered through the job queue (lib/domain-events.ts). */
  domainEvents: DomainEvents;
  /** Durable background jobs (lib/job-queue.ts). */
  jobs: JobQueue;
  /** Uploaded originals: DATA_DIR/files, or the S3-compatible bucket (integrations/storage). */
  files: FileStore;
  /** What /metrics reports (lib/metrics.ts). */
  metrics: Metrics;
  /** Worker threads for CPU-heavy work such as reading PDFs (lib/thread-pool.ts). */
  threads: ThreadPool;
}
