// Load generation for the list benchmarks: keep-alive HTTP/1.1 clients in a worker thread, as a
// load generator on another machine would be, so their own work does not count as server time.
import net from 'node:net';
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';

if (!isMainThread && workerData?.httpLoad) await clients(workerData);
if (!isMainThread && workerData?.pacedLoad) await pacedClients(workerData);

/**
 * One keep-alive HTTP/1.1 connection that sends ready-made requests and reads each response up
 * to its Content-Length, the way load generators such as autocannon do. On a small machine a
 * general-purpose client (fetch, node:http) costs more CPU per request than the server does
 * and would be measured instead of it.
 */
async function connect(address) {
  const { hostname, port } = new URL(address);
  const socket = net.connect({ host: hostname, port: Number(port), noDelay: true });
  await new Promise((resolve, reject) => socket.once('connect', resolve).once('error', reject));
  let buffered = Buffer.alloc(0);
  let waiting = null;
  const settle = () => {
    if (!waiting) return;
    const headerEnd = buffered.indexOf('\r\n\r\n');
    if (headerEnd < 0) return;
    const head = buffered.subarray(0, headerEnd).toString('latin1');
    const length = Number(/\r\ncontent-length:\s*(\d+)/i.exec(head)?.[1] ?? 0);
    if (buffered.length < headerEnd + 4 + length) return;
    buffered = buffered.subarray(headerEnd + 4 + length);
    const { resolve } = waiting;
    waiting = null;
    resolve(Number(head.slice(9, 12)));
  };
  socket.on('data', (chunk) => {
    buffered = buffered.length ? Buffer.concat([buffered, chunk]) : chunk;
    settle();
  });
  socket.on('error', (error) => waiting?.reject(error));
  socket.on('close', () => waiting?.reject(new Error('connection closed')));
  return {
    /** Sends one encoded request and resolves to the response's status code. */
    send(request) {
      return new Promise((resolve, reject) => {
        waiting = { resolve, reject };
        socket.write(request);
      });
    },
    close: () => socket.destroy(),
  };
}

export function encodeRequest(address, method, path, headers, body = '') {
  const { host } = new URL(address);
  const lines = [`${method} ${path} HTTP/1.1`, `host: ${host}`, 'connection: keep-alive'];
  for (const [name, value] of Object.entries(headers)) lines.push(`${name}: ${value}`);
  if (body) lines.push(`content-length: ${Buffer.byteLength(body)}`);
  return Buffer.from(`${lines.join('\r\n')}\r\n\r\n${body}`);
}

/** Worker: `clients` concurrent clients, one connection each, send `requests` requests between them. */
async function clients({
  address,
  token,
  clients: count,
  requests,
  queries,
  writeEvery,
  writes: writeRequests,
}) {
  const headers = { authorization: `Bearer ${token}` };
  const reads = queries.map((query) => encodeRequest(address, 'GET', query, headers));
  const latencies = [];
  let sent = 0;
  let writes = 0;
  async function client() {
    const connection = await connect(address);
    try {
      while (sent < requests) {
        const n = sent++;
        if (writeEvery && n % writeEvery === writeEvery - 1) {
          // A write between the reads (e.g. a task changes: the user's cached lists are dropped).
          const write = writeRequests[writes++ % writeRequests.length];
          const code = await connection.send(
            encodeRequest(
              address,
              write.method,
              write.path,
              { ...headers, 'content-type': 'application/json' },
              JSON.stringify(write.body),
            ),
          );
          if (code !== 200) throw new Error(`${write.method} ${write.path}: HTTP ${code}`);
          continue;
        }
        const started = performance.now();
        const code = await connection.send(reads[n % reads.length]);
        if (code !== 200) throw new Error(`${queries[n % queries.length]}: HTTP ${code}`);
        latencies.push(performance.now() - started);
      }
    } finally {
      connection.close();
    }
  }
  const wall = performance.now();
  await Promise.all(Array.from({ length: count }, client));
  parentPort.postMessage({ latencies, seconds: (performance.now() - wall) / 1000, writes });
}

/**
 * Runs `clients` concurrent clients sending `requests` GET requests of `queries` between them
 * (and one of `writes` every `writeEvery`); resolves to { latencies, seconds, writes }.
 */
export function runClients(options) {
  return new Promise((resolve, reject) => {
    // The worker needs no TypeScript: it only sends HTTP requests.
    const worker = new Worker(new URL(import.meta.url), {
      workerData: { writes: [], ...options, httpLoad: true },
      execArgv: [],
    });
    worker.once('message', resolve);
    worker.once('error', reject);
  });
}

/**
 * Worker: GET requests sent at a fixed rate whatever the server does (an open loop), each timed
 * from the moment it was due, until the main thread posts 'stop'. A closed loop would stop
 * sending while the server is stalled and so hide the stall; here a request that had to wait
 * for a blocked event loop counts with its whole wait. Connections are opened as needed.
 */
async function pacedClients({ address, token, path, perSecond }) {
  const request = encodeRequest(address, 'GET', path, { authorization: `Bearer ${token}` });
  const idle = [];
  const latencies = [];
  const failures = [];
  const inFlight = new Set();
  let stopping = false;
  parentPort.once('message', () => (stopping = true));
  const send = async (due) => {
    try {
      const connection = idle.pop() ?? (await connect(address));
      const code = await connection.send(request);
      latencies.push(performance.now() - due);
      if (code !== 200) failures.push(`HTTP ${code}`);
      idle.push(connection);
    } catch (error) {
      failures.push(error.message);
    }
  };
  const started = performance.now();
  for (let n = 0; !stopping; n++) {
    const due = started + (n * 1000) / perSecond;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    const sending = send(due).finally(() => inFlight.delete(sending));
    inFlight.add(sending);
  }
  await Promise.all(inFlight);
  for (const connection of idle) connection.close();
  parentPort.postMessage({ latencies, failures, seconds: (performance.now() - started) / 1000 });
}

/**
 * Sends GET `path` `perSecond` times a second from a worker thread until stop() is called;
 * stop() resolves to { latencies, failures, seconds }.
 */
export function startPacedClients(options) {
  const worker = new Worker(new URL(import.meta.url), {
    workerData: { ...options, pacedLoad: true },
    execArgv: [],
  });
  const result = new Promise((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
  });
  return {
    async stop() {
      worker.postMessage('stop');
      const answer = await result;
      await worker.terminate();
      return answer;
    },
  };
}

/** The p-th percentile (0–100) of a run's latencies, as the list benchmarks print them. */
export function percentiles(latencies) {
  const sorted = [...latencies].sort((a, b) => a - b);
  return (p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}
