import {
  agentCommands,
  taskStatusSchema,
  type AgentCommand,
  type InterfaceLanguage,
  type Task,
} from '@doppel/contracts';
import { platformName } from '../../integrations/messengers/platform-http';
import { listMessengers } from '../messengers';
import { and, contacts, desc, eq, or, sql, tasks } from '@doppel/db';
import type { AppContext } from '../../lib/context';
import { yieldOnce } from '../../lib/yield-once';
import type { ResolvedModel } from '../ai-models';
import type { Actor } from '../../lib/actor';
import { escapeLike } from '../contacts';
import { searchKnowledge } from '../knowledge';
import { countTasks, getTask, listTasks, startTaskDraft } from '../tasks';
import { getTokenUsage } from '../usage';
import { agentStatus } from './agent-status';
import { shortTaskRef } from './agent-tools';
import { fill, textsFor, type AgentTexts } from './agent-texts';
import { cutText } from '../../lib/text';

/** How many tasks /tasks prints; the board has the rest. */
const TASKS_SHOWN = 10;
/** How many passages /search prints. */
const PASSAGES_SHOWN = 5;

export interface ParsedCommand {
  /** Lower-cased, without the slash. */
  name: string;
  argument: string;
}

/** `/name argument…` → its parts; null for free text. */
export function parseCommand(content: string): ParsedCommand | null {
  const match = /^\/(\S+)\s*([\s\S]*)$/.exec(content.trim());
  if (!match) return null;
  return { name: match[1]!.toLowerCase(), argument: match[2]!.trim() };
}

export function isAgentCommand(name: string): name is AgentCommand {
  return (agentCommands as readonly string[]).includes(name);
}

/** What a command answers: text written at once, or streamed (/draft). */
export type CommandOutput = AsyncIterable<string>;

export interface CommandRun {
  ctx: AppContext;
  auth: Actor;
  language: InterfaceLanguage;
  model: ResolvedModel;
  signal: AbortSignal | undefined;
}

function helpText(texts: AgentTexts): string {
  return [
    texts.help.title,
    ...agentCommands.map((name) => texts.help.commands[name]),
    '',
    texts.help.footer,
  ].join('\n');
}

async function statusText({ ctx, auth, language, model }: CommandRun, texts: AgentTexts): Promise<string> {
  const [status, usage, counts, messengers] = await Promise.all([
    agentStatus(ctx, auth, model),
    getTokenUsage(ctx, auth.userId),
    countTasks(ctx, auth.userId),
    listMessengers(ctx, auth.userId),
  ]);
  // A demo's sample mailbox is shown in Settings as a sample; it connects nothing.
  const connected = messengers
    .filter((connection) => connection.isConnected && !connection.isSample)
    .map((connection) => `${platformName(connection.platform)} (${connection.username})`);
  const numbers = new Intl.NumberFormat(language);
  const state = status.online
    ? texts.status.online
    : fill(texts.status.offline, { error: status.error ?? '' });
  return [
    fill(texts.status.model, { model: status.model ?? texts.status.offlineEngine, state }),
    fill(texts.status.tokens, { used: numbers.format(usage.used), quota: numbers.format(usage.total) }),
    fill(texts.status.pendingTasks, { count: numbers.format(counts.byStatus.pending) }),
    fill(texts.status.messengers, {
      list: connected.length > 0 ? connected.join(', ') : texts.status.noMessengers,
    }),
  ].join('\n');
}

function taskLine(task: Task, texts: AgentTexts): string {
  const contact = task.contact ? ` · ${task.contact.name}` : '';
  return `#${shortTaskRef(task.id)}  [${texts.priorities[task.priority]}] ${task.title}${contact} — ${texts.statuses[task.status]}`;
}

async function tasksText({ ctx, auth }: CommandRun, texts: AgentTexts, argument: string): Promise<string> {
  let status: Task['status'] | undefined;
  if (argument) {
    const parsed = taskStatusSchema.safeParse(argument.toLowerCase().replace(/[\s-]+/g, '_'));
    if (!parsed.success) return fill(texts.tasks.badStatus, { value: argument });
    status = parsed.data;
  }
  const page = await listTasks(ctx, auth.userId, { status, limit: TASKS_SHOWN });
  const statusName = status ? texts.statuses[status] : '';
  if (page.total === 0)
    return status ? fill(texts.tasks.noneWithStatus, { status: statusName }) : texts.tasks.none;
  const heading = status
    ? fill(texts.tasks.headingWithStatus, { status: statusName, count: page.total })
    : fill(texts.tasks.heading, { count: page.total });
  const lines = [heading, ...page.items.map((task) => taskLine(task, texts))];
  if (page.total > page.items.length)
    lines.push(fill(texts.tasks.more, { count: page.total - page.items.length }));
  return lines.join('\n');
}

async function searchText({ ctx, auth }: CommandRun, texts: AgentTexts, query: string): Promise<string> {
  if (!query) return texts.search.usage;
  const result = await searchKnowledge(ctx, auth.userId, cutText(query, 200), PASSAGES_SHOWN);
  if (!result.searchable) return texts.search.emptyKnowledgeBase;
  if (result.hits.length === 0) return fill(texts.search.noMatch, { query });
  return [
    fill(texts.search.heading, { query }),
    ...result.hits.map((hit) => `• ${hit.title}: ${hit.snippet.replace(/\[\[|\]\]/g, '')}`),
  ].join('\n');
}

/** Tasks a /draft argument names: a #number (id prefix), else words of the title or contact. */
async function findTasks(ctx: AppContext, userId: string, reference: string): Promise<Task[]> {
  const ref = reference.replace(/^#/, '').toLowerCase();
  if (/^[0-9a-f]{4,36}$/.test(ref)) {
    const byId = await ctx.db
      .select({ id: tasks.id })
      .from(tasks)
      .where(and(eq(tasks.userId, userId), sql`${tasks.id}::text like ${`${ref}%`}`))
      .limit(5);
    if (byId.length > 0) return Promise.all(byId.map((row) => getTask(ctx.db, userId, row.id)));
  }
  const pattern = `%${escapeLike(reference)}%`;
  const byWords = await ctx.db
    .select({ id: tasks.id })
    .from(tasks)
    .leftJoin(contacts, eq(contacts.id, tasks.contactId))
    .where(
      and(
        eq(tasks.userId, userId),
        or(sql`${tasks.title} ilike ${pattern}`, sql`${contacts.name} ilike ${pattern}`),
      ),
    )
    .orderBy(desc(tasks.createdAt))
    .limit(5);
  return Promise.all(byWords.map((row) => getTask(ctx.db, userId, row.id)));
}

async function* draftText(run: CommandRun, texts: AgentTexts, reference: string): AsyncGenerator<string> {
  if (!reference) {
    yield texts.draft.usage;
    return;
  }
  const found = await findTasks(run.ctx, run.auth.userId, reference);
  if (found.length === 0) {
    yield fill(texts.draft.notFound, { query: reference });
    return;
  }
  if (found.length > 1) {
    yield [
      fill(texts.draft.ambiguous, { query: reference }),
      ...found.map((task) => taskLine(task, texts)),
    ].join('\n');
    return;
  }
  const task = found[0]!;
  const draft = await startTaskDraft(run.ctx, run.auth, task.id, { kind: 'quick' }, run.signal);
  yield `${fill(texts.draft.heading, { title: task.title })}\n\n`;
  let text = '';
  for await (const piece of draft.textStream) {
    text += piece;
    yield piece;
  }
  await draft.save(text);
  yield `\n\n${texts.draft.saved}`;
}

/**
 * Runs one console command (all but /clear, which the caller handles) and returns its answer
 * in the user's interface language. Unknown commands answer with a pointer to /help.
 */
export function runCommand(run: CommandRun, command: ParsedCommand): CommandOutput {
  const texts = textsFor(run.language);
  if (!isAgentCommand(command.name)) return yieldOnce(fill(texts.unknownCommand, { name: command.name }));
  switch (command.name) {
    case 'help':
      return yieldOnce(helpText(texts));
    case 'status':
      return lazily(() => statusText(run, texts));
    case 'tasks':
      return lazily(() => tasksText(run, texts, command.argument));
    case 'search':
      return lazily(() => searchText(run, texts, command.argument));
    case 'draft':
      return draftText(run, texts, command.argument);
    case 'clear':
      throw new Error('/clear is handled before commands run');
  }
}

async function* lazily(produce: () => Promise<string>): AsyncGenerator<string> {
  yield await produce();
}
