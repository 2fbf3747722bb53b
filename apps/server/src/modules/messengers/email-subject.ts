import { cutText } from '../../lib/text';

/** Longest subject kept whole; longer ones are cut at a word and end with '…'. */
const SUBJECT_MAX = 78;
/** A short first line ending in a comma, '!' or ':' is a greeting ("Hi Ann,", "Dear Mr Weber,"). */
const GREETING = /^.{1,60}[,!:]$/u;

/**
 * The subject of a message sent by email, taken from the message itself: its first sentence
 * after the greeting, as a person writing the email would put it. The task's title is an
 * instruction to the user ("Reach out to …") and is only the fallback for an empty text.
 */
export function emailSubjectFrom(text: string, fallback: string): string {
  const lines = text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);
  const body = lines.length > 1 && GREETING.test(lines[0]!) ? lines[1]! : (lines[0] ?? '');
  const sentence = /^.+?[.!?…](?=\s|$)/u.exec(body)?.[0] ?? body;
  const subject = sentence.replace(/\s+/g, ' ').trim() || fallback.replace(/\s+/g, ' ').trim();
  if (subject.length <= SUBJECT_MAX) return subject;
  const cut = cutText(subject, SUBJECT_MAX - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > SUBJECT_MAX / 2 ? cut.slice(0, space) : cut).replace(/[\s,;:.-]+$/u, '')}…`;
}
