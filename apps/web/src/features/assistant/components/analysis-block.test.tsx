import type { Task } from '@doppel/contracts';
import { act, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n';
import { makeTask } from '@/test-support/task-fixtures';
import { AnalysisBlock } from './analysis-block';

function renderBlock(task: Task) {
  return render(
    <MemoryRouter>
      <AnalysisBlock task={task} />
    </MemoryRouter>,
  );
}

/** The value shown under a metric's label. */
function metric(label: string): string {
  const term = screen.getByText(label, { selector: 'dt' });
  return within(term.parentElement!).getByRole('definition').textContent ?? '';
}

const redditComment = makeTask({
  type: 'reddit_comment',
  title: 'Comment in r/GrowthOps: Which CRM for a team of five?',
  context: {
    summary: 'A founder asks which CRM to use.',
    triggerType: 'social_comment',
    triggerData: { platform: 'reddit', community: 'r/GrowthOps' },
    socialContext: {
      platform: 'reddit',
      community: 'r/GrowthOps',
      audienceSize: 48_200,
      activeUsers: 310,
      postScore: 12,
      postComments: 5,
      upvoteRatio: 0.93,
      engagementRate: 0.0207,
      // Monday 15:00 UTC is Tuesday midnight in Tokyo.
      bestPostingSlot: { weekday: 1, hourUtc: 15 },
      sampleSize: 12,
      measuredAt: '2026-03-03T10:00:00.000Z',
    },
  },
});

describe('Analysis block: social metrics', () => {
  // A zone east of UTC without summer time: the best slot moves to the next day there.
  beforeEach(() => vi.stubEnv('TZ', 'Asia/Tokyo'));
  afterEach(() => vi.unstubAllEnvs());

  it('shows a Reddit comment task’s figures, the best time in the user’s zone and when they were read', () => {
    renderBlock(redditComment);
    expect(screen.getByRole('heading', { name: 'Social metrics' })).toBeInTheDocument();
    expect(metric('Audience size')).toBe('48.2K');
    expect(metric('Active now')).toBe('310');
    expect(metric('Engagement rate')).toBe('0.021%');
    expect(metric('Best posting time')).toBe('Tuesday 12:00 AM');
    expect(metric('Post score')).toBe('12');
    expect(metric('Comments on the post')).toBe('5');
    expect(metric('Upvote ratio')).toBe('93%');
    expect(screen.getByText('Engagement rate and best time from 12 recent posts.')).toBeInTheDocument();
    expect(screen.getByText('As of Mar 3, 2026, 7:00 PM')).toBeInTheDocument();
  });

  it('writes the figures in the interface language', async () => {
    await act(() => i18n.changeLanguage('ru'));
    renderBlock(redditComment);
    expect(metric('Размер аудитории')).toBe('48,2\u00a0тыс.');
    expect(metric('Лучшее время для публикации')).toBe('вторник 00:00');
    expect(metric('Доля голосов «за»')).toBe('93\u00a0%');
  });

  it('a figure Reddit did not give reads "Not available", never a guess', () => {
    renderBlock(
      makeTask({
        type: 'reddit_comment',
        context: {
          // Four recent posts: too few for a rate or a best time.
          socialContext: { platform: 'reddit', postScore: 4, postComments: 0, upvoteRatio: 1, sampleSize: 4 },
        },
      }),
    );
    expect(metric('Audience size')).toBe('Not available');
    expect(metric('Active now')).toBe('Not available');
    expect(metric('Engagement rate')).toBe('Not available');
    expect(metric('Best posting time')).toBe('Not available');
    expect(metric('Post score')).toBe('4');
    expect(metric('Upvote ratio')).toBe('100%');
    expect(screen.queryByText(/recent posts?\./)).not.toBeInTheDocument();
    expect(screen.queryByText(/^As of/)).not.toBeInTheDocument();
  });

  it('a LinkedIn post says its metrics are not available and why', () => {
    renderBlock(makeTask({ type: 'linkedin_post', context: { summary: 'A post on pricing.' } }));
    expect(metric('Audience size')).toBe('Not available');
    expect(metric('Engagement rate')).toBe('Not available');
    expect(metric('Best posting time')).toBe('Not available');
    expect(screen.queryByText('Active now')).not.toBeInTheDocument();
    expect(screen.queryByText('Post score')).not.toBeInTheDocument();
    expect(
      screen.getByText('LinkedIn does not share audience or engagement figures with Doppel.'),
    ).toBeInTheDocument();
  });

  it('a Reddit post to write has no post figures to show', () => {
    renderBlock(makeTask({ type: 'reddit_post', context: { summary: 'Start a discussion.' } }));
    expect(metric('Audience size')).toBe('Not available');
    expect(screen.queryByText('Post score')).not.toBeInTheDocument();
  });

  it('a message reply has no social block', () => {
    renderBlock(makeTask({ type: 'message_reply', context: { summary: 'Anna wants a pilot.' } }));
    expect(screen.getByText('Anna wants a pilot.')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Social metrics' })).not.toBeInTheDocument();
    expect(screen.queryByText('Audience size')).not.toBeInTheDocument();
  });
});
