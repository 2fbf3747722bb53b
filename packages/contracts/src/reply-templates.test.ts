import { describe, expect, it } from 'vitest';
import {
  fillTemplate,
  findTemplate,
  hasDraft,
  postDraftKinds,
  replyTemplates,
  suggestedTemplate,
  templateValues,
  templatesFor,
  type TemplateLanguage,
} from './reply-templates';
import type { Task } from './tasks';

const kindsOf = (type: Task['type'], language: TemplateLanguage) =>
  templatesFor(type, language).map((template) => template.kind);

const contact = (language: string) => ({
  id: 'c',
  name: 'Anna',
  company: 'Nordlicht',
  source: 'email' as const,
  language,
});

describe('reply templates', () => {
  it('hold five message kinds in English and Russian and three in French, Spanish and German', () => {
    expect(kindsOf('message_reply', 'en')).toEqual(['polite', 'detailed', 'quick', 'professional', 'story']);
    expect(kindsOf('message_reply', 'ru')).toEqual(['polite', 'detailed', 'quick', 'professional', 'story']);
    for (const language of ['fr', 'es', 'de'] as const) {
      expect(kindsOf('message_reply', language)).toEqual(['polite', 'detailed', 'quick']);
    }
  });

  it('hold the post kinds of LinkedIn posts, Reddit posts and comments in every language', () => {
    for (const language of ['en', 'ru', 'fr', 'es', 'de'] as const) {
      expect(kindsOf('linkedin_post', language)).toEqual(['professional', 'story', 'insight']);
      expect(kindsOf('reddit_post', language)).toEqual(['discussion', 'showcase', 'question']);
      expect(kindsOf('reddit_comment', language)).toEqual(['supportive', 'expert', 'question']);
    }
    expect(new Set(replyTemplates().map((template) => template.id)).size).toBe(replyTemplates().length);
  });

  it('fix the post kind of each draft of a post, the same in every language', () => {
    expect(postDraftKinds).toEqual({
      linkedin_post: { quick: 'insight', detailed: 'story' },
      reddit_post: { quick: 'question', detailed: 'discussion' },
      reddit_comment: { quick: 'supportive', detailed: 'expert' },
    });
    for (const language of ['en', 'ru', 'fr', 'es', 'de'] as const) {
      for (const [type, kinds] of Object.entries(postDraftKinds)) {
        for (const kind of Object.values(kinds)) {
          expect(
            findTemplate(type as Task['type'], language, kind),
            `${type} ${kind} ${language}`,
          ).toBeDefined();
        }
      }
    }
  });

  it('have a draft for every task type but a High Concept Analysis (its result is a proposal)', () => {
    expect(hasDraft('high_concept_analysis')).toBe(false);
    for (const type of [
      'message_reply',
      'proactive_message',
      'linkedin_post',
      'reddit_post',
      'reddit_comment',
    ] as const) {
      expect(hasDraft(type)).toBe(true);
    }
  });

  it("suggest a template matching the task type and the contact's language", () => {
    expect(suggestedTemplate({ type: 'message_reply', contact: contact('de') }).id).toBe('message.de.polite');
    expect(suggestedTemplate({ type: 'proactive_message', contact: contact('en') }).id).toBe(
      'message.en.professional',
    );
    // French has no "professional" message template: the first French kind stands in.
    expect(suggestedTemplate({ type: 'proactive_message', contact: contact('fr') }).id).toBe(
      'message.fr.polite',
    );
    expect(suggestedTemplate({ type: 'reddit_post', contact: null }, 'es').id).toBe(
      'reddit_post.es.discussion',
    );
    expect(suggestedTemplate({ type: 'reddit_comment', contact: contact('pt') }).id).toBe(
      'reddit_comment.en.supportive',
    );
  });

  it('fill {name}, {company} and {message} from the task', () => {
    const values = templateValues({
      contact: contact('en'),
      context: { lastMessage: 'Can we talk?' },
      title: 'Reply',
      description: '',
    });
    expect(fillTemplate('Hi {name} of {company}: "{message}" {unknown}', values)).toBe(
      'Hi Anna of Nordlicht: "Can we talk?" {unknown}',
    );
    const fromSignal = templateValues({
      contact: null,
      context: {
        triggerData: { newsTitle: 'Seed round', originalAuthor: 'mark_t', jobChangeCompany: 'Sol' },
      },
      title: 'Post',
      description: '',
    });
    expect(fromSignal).toEqual({ name: 'mark_t', company: 'Sol', message: 'Seed round' });
  });
});
