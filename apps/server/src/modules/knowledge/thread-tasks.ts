import mammoth from 'mammoth';
import { extractText, getDocumentProxy } from 'unpdf';

/*
 * The CPU-heavy steps of processing a document, run in a worker thread (lib/thread-pool.ts,
 * through extract-text.ts): reading a 100-page PDF takes seconds and analysing a long text a
 * good part of one, which on the event loop would stall every request meanwhile. Each thread
 * loads this module: keep its imports to what these steps use.
 */

/** The text of each page of a PDF. */
export async function readPdfPages(bytes: Uint8Array): Promise<string[]> {
  // verbosity 0: pdf.js would print its repair warnings to the server log.
  const pdf = await getDocumentProxy(bytes, { verbosity: 0 });
  try {
    const { text } = await extractText(pdf, { mergePages: false });
    return text;
  } finally {
    await pdf.destroy();
  }
}

/** The raw text of a Word document. */
export async function readDocxText(bytes: Uint8Array): Promise<string> {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const { value } = await mammoth.extractRawText({ buffer });
  return value;
}

export { analyseText } from './text-analysis';
