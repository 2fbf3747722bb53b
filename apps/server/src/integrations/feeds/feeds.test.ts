import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeFeedServer, type FakeFeedServer } from '../../test-support/fake-signals/fake-feed-server';
import { anyAddress } from '../web/fetch-page';
import { FeedFetchError, fetchFeed } from './fetch-feed';
import { FeedParseError, plainText, readFeed } from './parse-feed';

let site: FakeFeedServer;

beforeAll(async () => {
  site = await startFakeFeedServer();
});
afterAll(async () => {
  await site.close();
});

const published = new Date('2025-06-10T08:00:00Z');

describe('fetchFeed', () => {
  it('sends the validators it was given and reports 304 as not modified', async () => {
    site.setFeed('/conditional.xml', { format: 'rss', title: 'Cond', items: [{ title: 'One', guid: 'g1' }] });
    const first = await fetchFeed(site.url('/conditional.xml'), { allowAddress: anyAddress });
    expect(first.status).toBe('ok');
    if (first.status !== 'ok') return;
    expect(first.etag).toMatch(/^"[0-9a-f]+"$/);
    expect(first.lastModified).toMatch(/GMT$/);

    const second = await fetchFeed(site.url('/conditional.xml'), {
      allowAddress: anyAddress,
      etag: first.etag,
      lastModified: first.lastModified,
    });
    expect(second.status).toBe('not_modified');
    const [, conditional] = site.requestsFor('/conditional.xml');
    expect(conditional!.headers['if-none-match']).toBe(first.etag);
    expect(conditional!.headers['if-modified-since']).toBe(first.lastModified);
  });

  it('refuses loopback addresses unless allowed, and names HTTP errors in its own words', async () => {
    await expect(fetchFeed(site.url('/conditional.xml'))).rejects.toMatchObject({ reason: 'refused' });
    site.setRaw('/down.xml', { status: 503, body: '<h1>secret stack trace</h1>' });
    const error = await fetchFeed(site.url('/down.xml'), { allowAddress: anyAddress }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(FeedFetchError);
    expect((error as Error).message).toBe('The feed answered with HTTP 503.');
  });

  it('follows redirects and caps the size', async () => {
    site.setFeed('/real.xml', { format: 'atom', title: 'Real', items: [] });
    site.setRaw('/moved.xml', { status: 301, headers: { location: '/real.xml' } });
    const moved = await fetchFeed(site.url('/moved.xml'), { allowAddress: anyAddress });
    expect(moved).toMatchObject({ status: 'ok', url: site.url('/real.xml') });
    site.setRaw('/huge.xml', { status: 200, body: 'x'.repeat(2048) });
    await expect(
      fetchFeed(site.url('/huge.xml'), { allowAddress: anyAddress, maxBytes: 1024 }),
    ).rejects.toMatchObject({
      reason: 'too_large',
    });
  });
});

describe('readFeed', () => {
  it('reads RSS and Atom entries with plain-text summaries and dates', async () => {
    site.setFeed('/rss.xml', {
      format: 'rss',
      title: 'Daily',
      items: [
        {
          title: 'Acme &amp; friends',
          guid: 'a-1',
          link: 'https://news.example.com/a',
          published,
          summary: '<p>Big <b>news</b></p>',
        },
      ],
    });
    site.setFeed('/atom.xml', {
      format: 'atom',
      title: 'Weekly',
      items: [
        {
          title: 'Atom entry',
          guid: 'urn:x:1',
          link: 'https://news.example.com/b',
          published,
          summary: 'Plain',
        },
      ],
    });
    const rss = await fetchFeed(site.url('/rss.xml'), { allowAddress: anyAddress });
    const atom = await fetchFeed(site.url('/atom.xml'), { allowAddress: anyAddress });
    if (rss.status !== 'ok' || atom.status !== 'ok') throw new Error('expected bodies');
    expect(readFeed(rss.body)).toEqual({
      format: 'rss',
      title: 'Daily',
      entries: [
        {
          guid: 'a-1',
          link: 'https://news.example.com/a',
          title: 'Acme & friends',
          summary: 'Big news',
          publishedAt: published,
        },
      ],
    });
    expect(readFeed(atom.body)).toMatchObject({
      format: 'atom',
      title: 'Weekly',
      entries: [
        { guid: 'urn:x:1', link: 'https://news.example.com/b', title: 'Atom entry', publishedAt: published },
      ],
    });
  });

  it('refuses what is not a feed', () => {
    expect(() => readFeed('<html><body>Hello</body></html>')).toThrow(FeedParseError);
    expect(() => readFeed('<rss><channel><item><title>cut')).toThrow(FeedParseError);
    expect(plainText('a &amp; b')).toBe('a & b');
  });
});
