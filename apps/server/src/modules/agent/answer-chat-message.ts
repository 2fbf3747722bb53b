import { randomUUID } from 'node:crypto';
import {
  sendChatMessageInputSchema,
  type ChatEngine,
  type ChatMessage,
  type InterfaceLanguage,
  type SendChatMessageInput,
} from '@doppel/contracts';
import { eq, users } from '@doppel/db';
import type { ModelMessage } from 'ai';
import type { AppContext } from '../../lib/context';
import { yieldOnce } from '../../lib/yield-once';
import { type ProviderModel, resolveModel, streamForUser } from '../ai-models';
import type { Actor } from '../../lib/actor';
import { LANGUAGE_NAMES } from '../engine';
import { describePassages, groundIn } from '../knowledge';
import { getUserSettings } from '../settings';
import { parseCommand, runCommand } from './agent-commands';
import { fill, textsFor } from './agent-texts';
import { agentTools } from './agent-tools';
import { externalMcpTools } from './external-mcp-tools';
import { appendChatMessage, clearChatMessages, listChatMessages, pruneChatMessages } from './chat-history';

/** How many earlier messages of the conversation the model reads. */
const CONTEXT_MESSAGES = 20;
/** Tool round trips in one answer: a look-up or two, then the answer. */
const MAX_TOOL_STEPS = 5;

export type AnswerEvent = { type: 'delta'; text: string } | { type: 'tool'; name: string };

export type ChatAnswer =
  | { kind: 'cleared'; userMessage: ChatMessage }
  | {
      kind: 'answer';
      /** Not stored yet: the exchange is saved whole, or not at all when the answer fails. */
      userMessage: ChatMessage;
      engine: ChatEngine;
      events: AsyncIterable<AnswerEvent>;
      /** Stores the user's message and the finished answer in one transaction. */
      save: (text: string) => Promise<ChatMessage>;
    };

async function* deltas(texts: AsyncIterable<string>): AsyncGenerator<AnswerEvent> {
  for await (const text of texts) yield { type: 'delta', text };
}

/** Command exchanges and offline replies say nothing the model needs; the conversation does. */
function isConversation(message: ChatMessage): boolean {
  return message.type === 'user' ? !message.content.startsWith('/') : message.engine?.kind === 'model';
}

function systemPrompt(userName: string, language: InterfaceLanguage, today: Date): string {
  return [
    `You are the digital twin of ${userName} in Doppel, the app that turns their inbound messages and network signals into outreach tasks (replies, proactive messages, LinkedIn and Reddit posts and comments) with drafts in their voice.`,
    'You talk with them in their agent console. Use your tools to look up their tasks, contacts and knowledge base instead of guessing, and never invent tasks, contacts or facts. Create a task only when they ask for one.',
    `Answer in ${LANGUAGE_NAMES[language]} unless they write to you in another language. The console shows plain text: no Markdown, short paragraphs, lists as plain lines.`,
    `Today is ${today.toISOString().slice(0, 10)}.`,
  ].join('\n');
}

async function modelAnswer(
  ctx: AppContext,
  auth: Actor,
  model: ProviderModel,
  language: InterfaceLanguage,
  content: string,
  signal: AbortSignal | undefined,
): Promise<AsyncIterable<AnswerEvent>> {
  const [user] = await ctx.db
    .select({ fullName: users.fullName })
    .from(users)
    .where(eq(users.id, auth.userId));
  const earlier = (await listChatMessages(ctx, auth.userId, CONTEXT_MESSAGES)).filter(isConversation);
  const messages: ModelMessage[] = [
    ...earlier.map((message): ModelMessage =>
      message.type === 'user'
        ? { role: 'user', content: message.content }
        : { role: 'assistant', content: message.content },
    ),
    { role: 'user', content },
  ];
  const grounding = await groundIn(ctx, auth.userId, content);
  // The tools of the user's active external MCP servers, connected for this answer only.
  const external = await externalMcpTools(ctx, auth.userId);
  let stream: Awaited<ReturnType<typeof streamForUser>>;
  try {
    // Quota and demo refusals throw here, before anything is streamed.
    stream = await streamForUser(ctx, auth.userId, model, {
      purpose: 'chat',
      system: [
        systemPrompt(user?.fullName || 'the user', language, ctx.clock.now()),
        ...describePassages(grounding.sources),
      ].join('\n'),
      messages,
      tools: { ...external.tools, ...agentTools(ctx, auth.userId) },
      maxSteps: MAX_TOOL_STEPS,
      signal,
    });
  } catch (error) {
    await external.close();
    throw error;
  }
  return (async function* (): AsyncGenerator<AnswerEvent> {
    try {
      for await (const part of stream.parts) {
        yield part.type === 'text'
          ? { type: 'delta', text: part.text }
          : { type: 'tool', name: part.toolName };
      }
    } finally {
      await external.close();
    }
    if (grounding.sources.length > 0) {
      // The passages the twin was given are named under its answer, and their use is counted.
      const titles = [...new Set(grounding.sources.map((source) => source.title))].join('; ');
      yield { type: 'delta', text: `\n\n${fill(textsFor(language).sources, { titles })}` };
      await grounding.recordUse(`chat:${auth.userId}`);
    }
  })();
}

/**
 * One message typed into the agent console: /clear empties the conversation; another command
 * runs (agent-commands.ts); free text goes to the user's model with the twin's tools, or gets
 * the offline engine's explanation when no model is configured. Refusals (bad input, quota)
 * throw before anything streams.
 */
export async function startChatAnswer(
  ctx: AppContext,
  auth: Actor,
  input: SendChatMessageInput,
  signal?: AbortSignal,
): Promise<ChatAnswer> {
  const { content } = sendChatMessageInputSchema.parse(input);
  const [settings, model] = await Promise.all([getUserSettings(ctx, auth.userId), resolveModel(ctx, auth)]);
  const language = settings.language;
  const askedAt = ctx.clock.now();
  const userMessage: ChatMessage = {
    id: randomUUID(),
    type: 'user',
    content,
    timestamp: askedAt.toISOString(),
    engine: null,
  };
  const command = parseCommand(content);
  if (command?.name === 'clear') {
    await clearChatMessages(ctx, auth.userId);
    return { kind: 'cleared', userMessage };
  }

  let engine: ChatEngine;
  let events: AsyncIterable<AnswerEvent>;
  if (command) {
    engine = { kind: 'command', model: null };
    events = deltas(runCommand({ ctx, auth, language, model, signal }, command));
  } else if (model.kind === 'offline') {
    engine = { kind: 'offline', model: null };
    events = deltas(yieldOnce(textsFor(language).offlineConversation));
  } else {
    engine = { kind: 'model', model: model.config.model };
    events = await modelAnswer(ctx, auth, model, language, content, signal);
  }

  const save = async (text: string) => {
    // The answer is stamped after the question even when both fall in the same millisecond.
    const answeredAt = new Date(Math.max(ctx.clock.now().getTime(), askedAt.getTime() + 1));
    const saved = await ctx.db.transaction(async (tx) => {
      await appendChatMessage(ctx, auth.userId, { ...userMessage, at: askedAt }, tx);
      return appendChatMessage(
        ctx,
        auth.userId,
        { type: 'assistant', content: text.trim(), engine, at: answeredAt },
        tx,
      );
    });
    await pruneChatMessages(ctx, auth.userId);
    return saved;
  };
  return { kind: 'answer', userMessage, engine, events, save };
}
