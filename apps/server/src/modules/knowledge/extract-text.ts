import { ThreadPoolError, ThreadTaskError, type ThreadPool, type ThreadTask } from '../../lib/thread-pool';
import type { UploadType } from './file-types';

/** The file cannot be read as it is; retrying will not help until it is replaced. */
export class ExtractionError extends Error {
  override name = 'ExtractionError';
}

/** Markdown's inline markup out; headings and lists stay, they are the text's structure. */
export function markdownToText(markdown: string): string {
  return markdown
    .replace(/^```.*$/gm, '')
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\[([^\]]+)\]\([^)]*\)/g, '$1')
    .replace(/^\s{0,3}>\s?/gm, '')
    .replace(/(\*\*|__)(.+?)\1/g, '$2')
    .replace(/(^|[^\w*])[*_]([^*_\n]+)[*_](?=[^\w*]|$)/g, '$1$2')
    .replace(/`([^`]+)`/g, '$1')
    .replace(/^\s*([-*+]|\d+\.)\s+/gm, '• ');
}

/** A step of thread-tasks.ts, which only worker threads load. */
export const threadTask = (name: 'readPdfPages' | 'readDocxText' | 'analyseText'): ThreadTask => ({
  module: new URL('./thread-tasks.ts', import.meta.url),
  name,
});

/** Reads a PDF or DOCX in a worker thread; what the reader throws is the file's fault. */
async function inThread<T>(threads: ThreadPool, task: ThreadTask, buffer: Buffer, kind: string): Promise<T> {
  // A copy of its own, moved to the thread rather than cloned (a Buffer may share its memory).
  const bytes = new Uint8Array(buffer);
  try {
    return await threads.run<T>(task, [bytes], [bytes.buffer]);
  } catch (error) {
    if (error instanceof ThreadPoolError && error.code === 'ERR_WORKER_OUT_OF_MEMORY') {
      throw new ExtractionError(`The ${kind} is too large to read.`);
    }
    // A thread that died otherwise, or a pool closing: not the file's fault, so the queue retries.
    if (!(error instanceof ThreadTaskError)) throw error;
    if (/password/i.test(error.message)) throw new ExtractionError(`The ${kind} is protected by a password.`);
    throw new ExtractionError(`The ${kind} could not be read (${error.message}).`);
  }
}

/**
 * The text of an upload whose type was read from its content (file-types.ts). PDF and DOCX are
 * read in a worker thread of `threads`, so the event loop keeps answering requests meanwhile.
 */
export async function extractFileText(
  threads: ThreadPool,
  type: UploadType,
  buffer: Buffer,
): Promise<string> {
  let text: string;
  if (type === 'pdf') {
    const pages = await inThread<string[]>(threads, threadTask('readPdfPages'), buffer, 'PDF');
    text = pages.map((page) => page.trim()).join('\n\n');
  } else if (type === 'docx') {
    text = await inThread<string>(threads, threadTask('readDocxText'), buffer, 'Word document');
  } else {
    const raw = new TextDecoder('utf-8').decode(buffer).replace(/^\uFEFF/, '');
    text = type === 'md' ? markdownToText(raw) : raw;
  }
  text = text
    .replace(/\r\n?/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  if (!text) throw new ExtractionError('No text could be found in this file (a scan without a text layer?).');
  return text;
}
