import {
  moduleBeside,
  ThreadPoolError,
  ThreadTaskError,
  type ThreadPool,
  type ThreadTask,
} from '../../lib/thread-pool';
import { ExtractionError } from './document-errors';
import type { UploadType } from './file-types';

/**
 * Markdown's inline markup out; headings, lists and tables stay, they are the text's structure
 * (text-analysis.ts). A table's row of dashes under its header goes: it is markup, not a row. A
 * list marker is matched within its line, so the blank line before a list stays.
 */
export function markdownToText(markdown: string): string {
  return markdown
    .replace(/^```.*$/gm, '')
    .replace(/^[ \t]*\|?[ \t]*:?-+:?[ \t]*(\|[ \t]*:?-+:?[ \t]*)+\|?[ \t]*\n/gm, '')
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\[([^\]]+)\]\([^)]*\)/g, '$1')
    .replace(/^\s{0,3}>\s?/gm, '')
    .replace(/(\*\*|__)(.+?)\1/g, '$2')
    .replace(/(^|[^\w*])[*_]([^*_\n]+)[*_](?=[^\w*]|$)/g, '$1$2')
    .replace(/`([^`]+)`/g, '$1')
    .replace(/^[ \t]*([-*+]|\d+\.)[ \t]+/gm, '• ');
}

/** A step of thread-tasks.ts, which only worker threads load. */
export const threadTask = (
  name: 'readPdfPages' | 'readDocxText' | 'analyseText' | 'topicsAndSummary' | 'readHtml',
): ThreadTask => ({
  module: moduleBeside(import.meta.url, 'thread-tasks'),
  name,
});

/** Reads a PDF or DOCX in a worker thread; what the reader throws is the file's fault. */
async function inThread<T>(
  threads: ThreadPool,
  task: ThreadTask,
  buffer: Buffer,
  unreadable: 'pdf_unreadable' | 'docx_unreadable',
): Promise<T> {
  // A copy of its own, moved to the thread rather than cloned (a Buffer may share its memory).
  const bytes = new Uint8Array(buffer);
  try {
    return await threads.run<T>(task, [bytes], [bytes.buffer]);
  } catch (error) {
    if (error instanceof ThreadPoolError && error.code === 'ERR_WORKER_OUT_OF_MEMORY') {
      throw new ExtractionError(unreadable, undefined, { cause: error });
    }
    // A thread that died otherwise, or a pool closing: not the file's fault, so the queue retries.
    if (!(error instanceof ThreadTaskError)) throw error;
    // The library's own words stay in the log (cause): they are not the user's to read.
    const code =
      unreadable === 'pdf_unreadable' && /password/i.test(error.message) ? 'pdf_password' : unreadable;
    throw new ExtractionError(code, undefined, { cause: error });
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
    const pages = await inThread<string[]>(threads, threadTask('readPdfPages'), buffer, 'pdf_unreadable');
    text = pages.map((page) => page.trim()).join('\n\n');
  } else if (type === 'docx') {
    text = await inThread<string>(threads, threadTask('readDocxText'), buffer, 'docx_unreadable');
  } else {
    const raw = new TextDecoder('utf-8').decode(buffer).replace(/^\uFEFF/, '');
    text = type === 'md' ? markdownToText(raw) : raw;
  }
  text = text
    .replace(/\r\n?/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  if (!text) throw new ExtractionError('no_text');
  return text;
}
