// The cursor of a deep page of a keyset list, reached the way a client reaches it: by asking for
// the pages before it one after another and passing each answer's nextCursor on.

/**
 * The cursor that `path` (a list answering { items, nextCursor }, narrowed by `query`) gives for
 * page `page` of `limit` rows, or null when the server does not page that list by cursor (a run before keyset
 * paging, for the before figures).
 */
export async function deepPageCursor({ app, token, path, page, limit, query = {} }) {
  const get = async (query) => {
    const response = await app.inject({
      method: 'GET',
      url: `${path}?${new URLSearchParams(query)}`,
      headers: { authorization: `Bearer ${token}` },
    });
    if (response.statusCode !== 200) return null;
    return response.json();
  };
  let cursor;
  for (let shown = 1; shown < page; shown++) {
    const body = await get({ ...query, limit: String(limit), ...(cursor && { cursor }) });
    if (!body || !('nextCursor' in body)) return null;
    if (!body.nextCursor) throw new Error(`${path} has fewer than ${page} pages of ${limit}`);
    cursor = body.nextCursor;
  }
  return cursor ?? null;
}

/**
 * Latency and CPU time of `calls` calls of `load`, one at a time: what one request costs the
 * server (and, on the embedded database, the database) without queueing behind others.
 */
export async function timeCalls(load, calls) {
  for (let n = 0; n < Math.min(20, calls); n++) await load();
  const latencies = [];
  const cpu = process.cpuUsage();
  for (let n = 0; n < calls; n++) {
    const started = performance.now();
    await load();
    latencies.push(performance.now() - started);
  }
  const used = process.cpuUsage(cpu);
  latencies.sort((a, b) => a - b);
  const pct = (p) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))];
  return { p50: pct(50), p95: pct(95), cpuMs: (used.user + used.system) / 1000 / calls };
}

/** Prints timeCalls' figures for each of `scenarios` ({ name, load }). */
export async function printCallTimes(title, scenarios, calls) {
  const pad = (text, width) => String(text).padStart(width);
  console.info(title);
  console.info(`${'scenario'.padEnd(44)}${pad('p50 ms', 9)}${pad('p95 ms', 9)}${pad('cpu ms', 9)}`);
  for (const { name, load } of scenarios) {
    const { p50, p95, cpuMs } = await timeCalls(load, calls);
    console.info(`${name.padEnd(44)}${pad(p50.toFixed(1), 9)}${pad(p95.toFixed(1), 9)}${pad(cpuMs.toFixed(1), 9)}`);
  }
}
