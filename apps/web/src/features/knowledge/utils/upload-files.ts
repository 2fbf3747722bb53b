import { MAX_FILES_PER_UPLOAD, MAX_UPLOAD_BYTES, type UploadErrorCode } from '@doppel/contracts';

/** What the file picker offers; the server checks the content itself. */
export const ACCEPTED_EXTENSIONS = ['.md', '.markdown', '.txt', '.pdf', '.docx'] as const;
export const ACCEPT_ATTRIBUTE = ACCEPTED_EXTENSIONS.join(',');

/**
 * Why a chosen file would be refused, told before it is sent so a 300 MB video is not uploaded
 * only to be turned away; null when it may go. Its content is judged by the server alone.
 */
export function fileProblem(file: File): UploadErrorCode | null {
  const name = file.name.toLowerCase();
  if (!ACCEPTED_EXTENSIONS.some((extension) => name.endsWith(extension))) return 'unsupported_type';
  if (file.size === 0) return 'empty';
  if (file.size > MAX_UPLOAD_BYTES) return 'too_large';
  return null;
}

const sameFile = (a: File, b: File) =>
  a.name === b.name && a.size === b.size && a.lastModified === b.lastModified;

/**
 * Adds newly chosen or dropped files to the list: the same file twice counts once, and no more
 * than MAX_FILES_PER_UPLOAD are kept (`dropped` says how many did not fit).
 */
export function addFiles(current: File[], added: Iterable<File>): { files: File[]; dropped: number } {
  const files = [...current];
  let dropped = 0;
  for (const file of added) {
    if (files.some((known) => sameFile(known, file))) continue;
    if (files.length >= MAX_FILES_PER_UPLOAD) dropped++;
    else files.push(file);
  }
  return { files, dropped };
}
