import mammoth from 'mammoth';
import { extractText as extractPdfText, getDocumentProxy } from 'unpdf';
import { ExtractionError } from './document-errors';
import type { UploadType } from './file-types';

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

async function pdfText(buffer: Buffer): Promise<string> {
  let pages: string[];
  try {
    // verbosity 0: pdf.js would print its repair warnings to the server log.
    const pdf = await getDocumentProxy(new Uint8Array(buffer), { verbosity: 0 });
    ({ text: pages } = await extractPdfText(pdf, { mergePages: false }));
    await pdf.destroy();
  } catch (error) {
    // The library's own words stay in the log (cause): they are not the user's to read.
    const reason = error instanceof Error ? error.message : String(error);
    const code = /password/i.test(reason) ? 'pdf_password' : 'pdf_unreadable';
    throw new ExtractionError(code, undefined, { cause: error });
  }
  return pages.map((page) => page.trim()).join('\n\n');
}

async function docxText(buffer: Buffer): Promise<string> {
  try {
    const { value } = await mammoth.extractRawText({ buffer });
    return value;
  } catch (error) {
    throw new ExtractionError('docx_unreadable', undefined, { cause: error });
  }
}

/** The text of an upload whose type was read from its content (file-types.ts). */
export async function extractFileText(type: UploadType, buffer: Buffer): Promise<string> {
  let text: string;
  if (type === 'pdf') text = await pdfText(buffer);
  else if (type === 'docx') text = await docxText(buffer);
  else {
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
