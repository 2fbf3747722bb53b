// The first read of a user's mailbox (issue 18): a real Dovecot on 127.0.0.1 (the tests' own,
// apps/server/src/test-support/dovecot.ts) holding 5,000 mails of the last 14 days — plain
// letters and replies, HTML newsletters, small attachments, a few large ones, Russian mail in
// windows-1251 and KOI8-R, bounces and out-of-office replies — read through the IMAP reader the
// app uses, every batch and every mail parsed, as the first sync after Connect does.
// Budgets of the read: under 30 s; the reader holds under 32 MB more at a time (heap + buffers).
// Then the whole first sync as a user gets it — the mails taken in, contacts and reply tasks
// with their analysis — on embedded defaults and with a model: time, memory, model calls.
//
// Environment: MAILS (default 5000), BATCH (mails per batch, default 100).
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';

const MAILS = Number(process.env.MAILS ?? 5000);
const BATCH = Number(process.env.BATCH ?? 100);
const DAY = 86_400_000;
const HOUR = 3_600_000;
// The mails' dates: the last 14 days (the first sync's window), the oldest an hour inside it. The
// sync counts its window back from when it reads, minutes after the mails were dated (the offline
// sync runs first); spread over the whole 14 days, the oldest mail — 2 minutes inside — had left
// the window by the time the sync with a model read it, and that run kept 4,999 of 5,000.
const SPAN = 14 * DAY - HOUR;

const { startDovecot } = await import('../apps/server/src/test-support/dovecot.ts');

let seed = 11;
const random = () => {
  seed = (seed * 48_271) % 2_147_483_647;
  return seed / 2_147_483_647;
};
const pick = (list) => list[Math.floor(random() * list.length)];
const WORDS = `pilot pricing customer partner investor revenue churn onboarding contract meeting proposal
  discount renewal pipeline forecast hiring engineer product roadmap launch feature integration
  campaign lead outreach quarter budget margin growth retention referral agency reseller market
  segment enterprise startup founder board update metric dashboard report invoice payment`.split(/\s+/);
const RUSSIAN = 'пилот цена клиент партнер инвестор выручка договор встреча скидка продление отчёт'.split(
  ' ',
);
const sentence = (words = WORDS) =>
  `${Array.from({ length: 8 + Math.floor(random() * 10) }, () => pick(words)).join(' ')}.`;
const paragraph = (words) =>
  Array.from({ length: 3 + Math.floor(random() * 4) }, () => sentence(words)).join(' ');

/** windows-1251 and KOI8-R bytes, from the decoder's own table (no encoder package needed). */
function encodeSingleByte(text, charset) {
  const table = new Map();
  const decoder = new TextDecoder(charset);
  for (let byte = 0; byte < 256; byte++) table.set(decoder.decode(Uint8Array.of(byte)), byte);
  return Buffer.from([...text].map((char) => table.get(char) ?? 0x3f));
}

const base64Lines = (bytes) => bytes.toString('base64').replace(/.{76}/g, '$&\r\n');
// Attachment bytes need not repeat from run to run; their sizes do (they come from `random`).
const noise = (size) => randomBytes(size);

function header(n, date, extra = []) {
  return [
    `From: ${pick(['Anna', 'Boris', 'Chen', 'Dana', 'Emil'])} ${pick(['Lee', 'Ivanova', 'Moreau', 'Garcia'])} <lead${n % 600}@example${(n % 600) % 37}.org>`,
    'To: Founder <founder@example.com>',
    `Message-ID: <bench-${n}@example${n % 37}.org>`,
    `Date: ${date.toUTCString()}`,
    'MIME-Version: 1.0',
    ...extra,
  ];
}

function mail(n, date) {
  const kind = random();
  const subject = `Subject: ${sentence().slice(0, 60)}`;
  if (kind < 0.5) {
    const reply = n > 10 && random() < 0.5;
    return [
      ...header(n, date, [
        reply ? `Subject: Re: ${sentence().slice(0, 50)}` : subject,
        ...(reply
          ? [
              `In-Reply-To: <bench-${n - 7}@example.org>`,
              `References: <bench-${n - 9}@example.org> <bench-${n - 7}@example.org>`,
            ]
          : []),
        'Content-Type: text/plain; charset=utf-8',
      ]),
      '',
      paragraph(),
      '',
      paragraph(),
      ...(reply ? ['', `On ${date.toUTCString()} Founder wrote:`, `> ${sentence()}`, `> ${sentence()}`] : []),
      '',
    ].join('\r\n');
  }
  if (kind < 0.78) {
    const html = `<html><head><style>.a{color:#333}</style><script>track(${n})</script></head><body>${Array.from(
      { length: 10 + Math.floor(random() * 60) },
      () =>
        `<p class="a">${sentence()}</p><table><tr><td><a href="https://example.org/${n}">${pick(WORDS)}</a></td></tr></table>`,
    ).join('')}</body></html>`;
    return [
      ...header(n, date, [
        subject,
        'List-Unsubscribe: <mailto:unsubscribe@example.org>',
        'Content-Type: multipart/alternative; boundary="alt"',
      ]),
      '',
      '--alt',
      'Content-Type: text/plain; charset=utf-8',
      '',
      paragraph(),
      '--alt',
      'Content-Type: text/html; charset=utf-8',
      'Content-Transfer-Encoding: base64',
      '',
      base64Lines(Buffer.from(html)),
      '--alt--',
      '',
    ].join('\r\n');
  }
  if (kind < 0.9 || kind >= 0.995) {
    // A deck or an invoice; one mail in two hundred carries a large one (read in parts).
    const size =
      kind >= 0.995 ? 3_000_000 + Math.floor(random() * 2_000_000) : 40_000 + Math.floor(random() * 260_000);
    return [
      ...header(n, date, [subject, 'Content-Type: multipart/mixed; boundary="mix"']),
      '',
      '--mix',
      'Content-Type: text/plain; charset=utf-8',
      '',
      `${paragraph()} The file is attached.`,
      '--mix',
      'Content-Type: application/pdf',
      `Content-Disposition: attachment; filename="deck-${n}.pdf"`,
      'Content-Transfer-Encoding: base64',
      '',
      base64Lines(noise(size)),
      '--mix--',
      '',
    ].join('\r\n');
  }
  if (kind < 0.96) {
    const charset = random() < 0.5 ? 'windows-1251' : 'koi8-r';
    return Buffer.concat([
      encodeSingleByte(
        [
          ...header(n, date, [
            `Subject: ${sentence(RUSSIAN)}`,
            `Content-Type: text/plain; charset=${charset}`,
            'Content-Transfer-Encoding: 8bit',
          ]),
          '',
          paragraph(RUSSIAN),
          '',
        ].join('\r\n'),
        charset,
      ),
    ]);
  }
  if (kind < 0.98) {
    return [
      ...header(n, date, [
        'Subject: Automatic reply: back next week',
        'Auto-Submitted: auto-replied',
        'Content-Type: text/plain',
      ]),
      '',
      'I am out of the office until Monday.',
      '',
    ].join('\r\n');
  }
  return [
    ...header(n, date, [
      'Subject: Undelivered Mail Returned to Sender',
      'Content-Type: multipart/report; report-type=delivery-status; boundary="rep"',
    ]),
    '',
    '--rep',
    'Content-Type: text/plain',
    '',
    'Your message could not be delivered.',
    '--rep',
    'Content-Type: message/delivery-status',
    '',
    'Reporting-MTA: dns; mx.example.org',
    '',
    `Final-Recipient: rfc822; gone${n}@example.org`,
    'Action: failed',
    'Status: 5.1.1',
    '',
    '--rep',
    'Content-Type: text/rfc822-headers',
    '',
    `Message-ID: <outreach-${n}@example.com>`,
    '',
    '--rep--',
    '',
  ].join('\r\n');
}

const held = (usage) => usage.heapUsed + usage.arrayBuffers;

/** Samples this process's memory every 10 ms until stop(), which answers the growth at the peaks. */
function sampleMemory() {
  const start = process.memoryUsage();
  let peakRss = start.rss;
  let peakHeld = held(start);
  const sampler = setInterval(() => {
    const usage = process.memoryUsage();
    peakRss = Math.max(peakRss, usage.rss);
    peakHeld = Math.max(peakHeld, held(usage));
  }, 10);
  return {
    stop() {
      clearInterval(sampler);
      return { heldGrowth: peakHeld - held(start), rssGrowth: peakRss - start.rss };
    },
  };
}

/**
 * The read itself runs in a process of its own, so its memory figures are the reader's and not
 * those of generating 300 MB of mail. It reads twice: once timed, sampling memory as it goes (the
 * garbage collector runs when it likes, so those peaks include garbage not yet collected), and
 * once collecting garbage as it goes, for what the reader really holds at a time.
 */
async function readInThisProcess({ imap, since }) {
  const { createImapReader } = await import('../apps/server/src/integrations/email/imap-reader.ts');
  const reader = createImapReader();
  const settings = { imap, smtp: imap, address: 'founder@example.com', senderName: 'Founder' };
  const memory = sampleMemory();
  const started = performance.now();
  const figures = { read: 0, characters: 0, bounces: 0, automatic: 0 };
  for await (const batch of reader.read(settings, null, { since: new Date(since), batchSize: BATCH })) {
    figures.read += batch.mails.length;
    for (const parsed of batch.mails) {
      figures.characters += parsed.text.length;
      if (parsed.bounce) figures.bounces += 1;
      if (parsed.automatic) figures.automatic += 1;
    }
  }
  const seconds = (performance.now() - started) / 1000;
  const growth = memory.stop();

  globalThis.gc();
  const before = held(process.memoryUsage());
  let peakLive = before;
  // Collected every 25 ms: what is still held then is what the reader holds (a mail being parsed,
  // the batch in hand), not garbage waiting for the collector.
  const collector = setInterval(() => {
    globalThis.gc();
    peakLive = Math.max(peakLive, held(process.memoryUsage()));
  }, 25);
  let readAgain = 0;
  for await (const batch of reader.read(settings, null, { since: new Date(since), batchSize: BATCH })) {
    readAgain += batch.mails.length;
  }
  clearInterval(collector);
  if (readAgain !== figures.read)
    throw new Error(`The second read took ${readAgain} mails, the first ${figures.read}.`);
  return {
    ...figures,
    seconds,
    ...growth,
    maxRss: process.resourceUsage().maxRSS * 1024,
    liveGrowth: peakLive - before,
  };
}

/** What a model call was for: a repair of an answer that failed its schema, the schema's name, or text. */
function modelCallKind({ path, body }) {
  if (!path.endsWith('/chat/completions')) return path;
  const last = Array.isArray(body.messages) ? body.messages.at(-1) : undefined;
  if (JSON.stringify(last ?? '').includes('does not match the required JSON schema')) return 'repairs';
  const schema = body.response_format?.json_schema?.name;
  if (schema) return schema;
  const system = Array.isArray(body.messages)
    ? body.messages.find((message) => message.role === 'system')
    : undefined;
  return /^Translate\b/.test(String(system?.content ?? '')) ? 'translations' : 'text';
}

/**
 * The whole first sync as a user gets it: the app on the embedded database in a data folder (as
 * `npm start` keeps it), the mailbox connected through the API, and every job it sets off run to
 * the end — the read, each mail into its contact's history and a reply task with its analysis,
 * campaigns' bounces. With `model`, the user's model is on a fake OpenAI-compatible server on
 * 127.0.0.1, to count the calls a first sync makes to it.
 */
async function syncInThisProcess({ imap, model }) {
  const fs = await import('node:fs');
  const os = await import('node:os');
  const path = await import('node:path');
  const { startBenchApp } = await import('./lib/bench-app.mjs');
  const { startSmtpTestServer } = await import('../apps/server/src/test-support/smtp-test-server.ts');
  const { startFakeOpenAiServer } = await import('../apps/server/src/test-support/fake-ai-servers.ts');
  const { contacts, tasks, emailMessages, eq, count } = await import('../packages/db/src/index.ts');
  const { modelAnalysisSchema } = await import('../packages/contracts/src/model-answers.ts');

  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'doppel-bench-email-'));
  const smtp = await startSmtpTestServer({ users: { [imap.user]: imap.password } });
  const ai = model ? await startFakeOpenAiServer() : null;
  // A real provider asked for structured output (response_format json_schema) answers an object
  // of the schema: every task analysis gets one that passes the contracts' schema, so no call is
  // repaired. Other calls (translations) get the fake's plain text, as a real model's prose.
  ai?.script({
    match: '"name":"task_analysis"',
    kind: 'reply',
    text: JSON.stringify(
      modelAnalysisSchema.parse({
        summary: 'The lead asks about pricing for a pilot and wants an answer this week.',
        recommendation: 'OPPORTUNITY: propose a paid pilot',
        opportunityType: 'Paid pilot',
        recommendedApproach: 'Answer the question and suggest a call to scope the pilot.',
        priority: 'medium',
        language: 'en',
      }),
    ),
    repeat: true,
  });
  const bench = await startBenchApp({ dataDir });
  const { app, ctx, userId } = bench;
  const headers = { authorization: `Bearer ${await bench.accessToken()}` };
  const call = (method, url, payload) => app.inject({ method, url, payload, headers });
  if (ai) {
    const created = await call('POST', '/api/ai/models', {
      name: 'bench',
      provider: 'openai-compatible',
      modelId: 'bench-model',
      baseUrl: ai.baseUrl,
      apiKey: 'sk-bench',
    });
    if (created.statusCode !== 201) throw new Error(`Adding the model answered ${created.statusCode}.`);
    await call('PATCH', '/api/settings', { aiPreferences: { defaultModel: created.json().id } });
  }

  const memory = sampleMemory();
  const modelCallsBefore = ai?.requests.length ?? 0;
  const started = performance.now();
  const connected = await call('POST', '/api/messengers', {
    platform: 'email',
    credentials: {
      address: 'founder@example.com',
      sender_name: 'Founder',
      imap_host: imap.host,
      imap_port: String(imap.port),
      imap_tls: 'false',
      imap_user: imap.user,
      imap_password: imap.password,
      smtp_host: smtp.host,
      smtp_port: String(smtp.port),
      smtp_tls: 'false',
      smtp_user: imap.user,
    },
  });
  if (connected.statusCode !== 201)
    throw new Error(`Connect answered ${connected.statusCode}: ${connected.body}`);
  for (;;) {
    const ran = await ctx.jobs.runDue({ userId });
    await ctx.background.settled();
    if (ran === 0 && (await ctx.jobs.runDue({ userId })) === 0) break;
  }
  const seconds = (performance.now() - started) / 1000;
  const growth = memory.stop();

  const countOf = async (table) =>
    (await ctx.db.select({ n: count() }).from(table).where(eq(table.userId, userId)))[0].n;
  // The mails the bench wrote that the sync did not keep, by number (bench-<n>@…).
  const kept = new Set(
    (
      await ctx.db
        .select({ id: emailMessages.messageId })
        .from(emailMessages)
        .where(eq(emailMessages.userId, userId))
    )
      .map((row) => /bench-(\d+)@/.exec(row.id)?.[1])
      .filter(Boolean)
      .map(Number),
  );
  const calls = ai?.requests.slice(modelCallsBefore) ?? [];
  const callKinds = {};
  for (const request of calls) {
    const kind = modelCallKind(request);
    callKinds[kind] = (callKinds[kind] ?? 0) + 1;
  }
  const result = {
    seconds,
    mails: await countOf(emailMessages),
    notKept: Array.from({ length: MAILS }, (_, n) => n).filter((n) => !kept.has(n)),
    contacts: await countOf(contacts),
    tasks: await countOf(tasks),
    modelCalls: calls.length,
    callKinds,
    ...growth,
    maxRss: process.resourceUsage().maxRSS * 1024,
  };
  await app.close();
  await bench.database.close();
  await smtp.close();
  await ai?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
  return result;
}

if (process.env.EMAIL_SYNC_READ) {
  const result = await readInThisProcess(JSON.parse(process.env.EMAIL_SYNC_READ));
  process.stdout.write(JSON.stringify(result));
  process.exit(0);
}
if (process.env.EMAIL_SYNC_FULL) {
  const result = await syncInThisProcess(JSON.parse(process.env.EMAIL_SYNC_FULL));
  process.stdout.write(JSON.stringify(result));
  process.exit(0);
}

const dovecot = await startDovecot({ users: [{ name: 'founder', password: 'bench-password' }] });
try {
  const now = Date.now();
  const fillStarted = performance.now();
  let bytes = 0;
  dovecot.writeMessages(
    'founder',
    'INBOX',
    (function* () {
      for (let n = 0; n < MAILS; n++) {
        const receivedAt = new Date(now - SPAN + ((n + 0.5) / MAILS) * SPAN);
        const raw = mail(n, receivedAt);
        bytes += raw.length;
        yield { raw, receivedAt, seen: random() < 0.7 };
      }
    })(),
  );
  const fillSeconds = (performance.now() - fillStarted) / 1000;

  /** Runs one measurement in a process of its own; answers its figures. */
  const inChild = (variable, input) => {
    const child = spawnSync(process.execPath, ['--expose-gc', '--import', 'tsx', import.meta.filename], {
      env: { ...process.env, [variable]: JSON.stringify(input) },
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'inherit'],
      maxBuffer: 64 * 1024 * 1024,
    });
    if (child.status !== 0) throw new Error(`${variable} failed (${child.status ?? child.signal}).`);
    return JSON.parse(child.stdout);
  };
  const imap = dovecot.settingsFor('founder');
  const result = inChild('EMAIL_SYNC_READ', { imap, since: now - 14 * DAY });

  const session = (await dovecot.log())
    .split('\n')
    .findLast((line) => line.includes('imap(founder)') && line.includes('Logged out'));
  const downloaded = Number(/\bout=(\d+)/.exec(session ?? '')?.[1] ?? NaN);
  const MB = (value) => (value / 1024 / 1024).toFixed(1);
  console.info(
    `\nFirst mailbox sync: ${MAILS.toLocaleString('en')} mails of 14 days, ${MB(bytes)} MB in Dovecot (filled in ${fillSeconds.toFixed(1)} s), batches of ${BATCH}`,
  );
  console.info(
    `  read and parsed ${result.read.toLocaleString('en')} mails in ${result.seconds.toFixed(1)} s (${Math.round(result.read / result.seconds)} mails/s; ${MB(result.characters * 2)} MB of text kept, ${result.bounces} bounces, ${result.automatic} automatic)   budget < 30 s`,
  );
  console.info(
    `  downloaded ${MB(downloaded)} MB of ${MB(bytes)} MB (large mails are read as header and text parts)`,
  );
  console.info(
    `  memory of the reading process: held at most +${MB(result.liveGrowth)} MB (heap + buffers, read again collecting garbage every 25 ms)   budget < 32 MB`,
  );
  console.info(
    `  as sampled during the timed read: heap + buffers +${MB(result.heldGrowth)} MB, RSS +${MB(result.rssGrowth)} MB, max RSS ${MB(result.maxRss)} MB (garbage not yet collected included)`,
  );
  // ARCHITECTURE.md §7 sets no budget for this; the issue asks for the time and peak memory.
  for (const model of [false, true]) {
    const sync = inChild('EMAIL_SYNC_FULL', { imap, model });
    console.info(
      `  whole first sync${model ? ', the model on a fake OpenAI-compatible server' : ' on embedded defaults (offline analysis)'}: ${sync.seconds.toFixed(1)} s from Connect to the last job (${((sync.seconds * 1000) / sync.mails).toFixed(1)} ms a mail)`,
    );
    const calls = Object.entries(sync.callKinds)
      .map(([kind, n]) => `${kind} ${n.toLocaleString('en')}`)
      .join(', ');
    console.info(
      `    ${sync.mails.toLocaleString('en')} mails kept, ${sync.contacts.toLocaleString('en')} contacts, ${sync.tasks.toLocaleString('en')} reply tasks${model ? `, ${sync.modelCalls.toLocaleString('en')} model calls (${calls})` : ''}; heap + buffers +${MB(sync.heldGrowth)} MB, RSS +${MB(sync.rssGrowth)} MB, max RSS ${MB(sync.maxRss)} MB`,
    );
    if (sync.notKept.length > 0)
      console.info(
        `    not kept: mail ${sync.notKept.slice(0, 10).join(', ')} of the ${MAILS.toLocaleString('en')} written`,
      );
  }
} finally {
  await dovecot.stop();
}
