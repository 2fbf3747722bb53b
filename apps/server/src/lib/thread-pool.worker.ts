import { readlinkSync } from 'node:fs';
import os from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import type { ThreadReply } from './thread-pool';

/*
 * A thread of lib/thread-pool.ts: imports the module a task names, calls the named export with
 * the task's arguments and posts back its result, or the name and message of what it threw.
 */
interface TaskMessage {
  module: string;
  name: string;
  args: unknown[];
}

/*
 * On Linux a thread has a priority of its own: lowered, the thread gives way to the event
 * loop's thread when cores are short, so requests keep their latency while a PDF is read.
 * Elsewhere (no /proc/thread-self) it keeps the process's priority.
 */
const { nice } = workerData as { nice: number };
try {
  const threadId = Number(readlinkSync('/proc/thread-self').split('/').pop());
  if (nice && Number.isInteger(threadId)) os.setPriority(threadId, nice);
} catch {
  // Not Linux, or not allowed: the thread runs at the process's priority.
}

async function runTask({ module, name, args }: TaskMessage): Promise<ThreadReply> {
  try {
    const exports = (await import(module)) as Record<string, unknown>;
    const task = exports[name];
    if (typeof task !== 'function') throw new Error(`${module} exports no function ${name}`);
    return { result: await (task as (...values: unknown[]) => unknown)(...args) };
  } catch (error) {
    const { name: errorName, message } = error instanceof Error ? error : new Error(String(error));
    return { error: { name: errorName, message } };
  }
}

parentPort!.on('message', (message: TaskMessage) => {
  void runTask(message).then((reply) => parentPort!.postMessage(reply));
});
