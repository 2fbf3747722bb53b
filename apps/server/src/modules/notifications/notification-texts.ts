import { shortenText } from '../../lib/text';
import { textsIn, type Texts } from '../../lib/translations';
import type { PushMessage } from './push-sender';

/*
 * What a notification says, in the user's interface language (the `notifications` block of the
 * server's texts, apps/web/src/locales/<language>/twin.json). One message may carry several
 * tasks: a burst (a mailbox's first read) is one message, not one per task.
 */

export interface AnnouncedTask {
  id: string;
  title: string;
  /** The analysis' summary, else the description; may be empty. */
  summary: string;
}

export interface Reader {
  language: string;
  name: string;
  publicUrl: string;
}

const textsOf = (reader: Reader): Texts => {
  const t = textsIn(reader.language);
  return (key, values) => t(`notifications.${key}`, values);
};

/** The page that opens the task in the app. */
export function taskPath(taskId: string): string {
  return `/actions?task=${encodeURIComponent(taskId)}`;
}

const linkOf = (reader: Reader, task: AnnouncedTask) => `${reader.publicUrl}${taskPath(task.id)}`;

function emailBody(reader: Reader, intro: string, tasks: AnnouncedTask[]): string {
  const t = textsOf(reader);
  const blocks = tasks.map((task) =>
    [
      `• ${task.title}`,
      ...(task.summary ? [`  ${shortenText(task.summary, 300)}`] : []),
      `  ${t('openTask', { link: linkOf(reader, task) })}`,
    ].join('\n'),
  );
  return [
    t('greeting', { name: reader.name }),
    intro,
    blocks.join('\n\n'),
    t('emailFooter', { link: `${reader.publicUrl}/` }),
  ].join('\n\n');
}

/** The email of tasks announced as they come (the `instant` choice). */
export function instantEmail(reader: Reader, tasks: AnnouncedTask[]): { subject: string; text: string } {
  const t = textsOf(reader);
  const [only] = tasks;
  if (tasks.length === 1 && only) {
    return {
      subject: t('taskSubject', { title: only.title }),
      text: emailBody(reader, t('taskIntro'), tasks),
    };
  }
  return {
    subject: t('tasksSubject', { count: tasks.length }),
    text: emailBody(reader, t('tasksIntro'), tasks),
  };
}

/** The daily digest's email. */
export function digestEmail(reader: Reader, tasks: AnnouncedTask[]): { subject: string; text: string } {
  const t = textsOf(reader);
  return {
    subject: t('digestSubject', { count: tasks.length }),
    text: emailBody(reader, t('digestIntro'), tasks),
  };
}

export function pushMessage(reader: Reader, tasks: AnnouncedTask[]): PushMessage {
  const t = textsOf(reader);
  const [only] = tasks;
  if (tasks.length === 1 && only) {
    return { title: t('pushTitle'), body: only.title, url: taskPath(only.id), tag: `task-${only.id}` };
  }
  return {
    title: t('tasksSubject', { count: tasks.length }),
    body: shortenText(tasks.map((task) => task.title).join('\n'), 500),
    url: '/actions',
    tag: 'urgent-tasks',
  };
}

export function testPushMessage(language: string): PushMessage {
  const t = textsIn(language);
  return {
    title: t('notifications.testTitle'),
    body: t('notifications.testBody'),
    url: '/actions',
    tag: 'doppel-test',
  };
}

export function telegramText(reader: Reader, tasks: AnnouncedTask[]): string {
  const t = textsOf(reader);
  const [only] = tasks;
  if (tasks.length === 1 && only) {
    return `🔴 ${t('taskSubject', { title: only.title })}\n${linkOf(reader, only)}`;
  }
  const lines = tasks.map((task) => `• ${task.title}\n${linkOf(reader, task)}`);
  return `🔴 ${t('tasksSubject', { count: tasks.length })}\n\n${lines.join('\n\n')}`;
}

export function telegramLinkedText(language: string): string {
  return textsIn(language)('notifications.telegramLinked');
}

export function telegramCodeInvalidText(language: string): string {
  return textsIn(language)('notifications.telegramCodeInvalid');
}
