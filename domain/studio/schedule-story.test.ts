import { describe, expect, it } from 'vitest';
import { scheduleStory, type ScheduleFacts } from './schedule-story';

const base: ScheduleFacts = {
  state: 'scheduled',
  publishAt: '2026-12-05T19:00:00.000Z',
  finishedAt: null,
  finishedBy: null,
  publishedVersionId: null,
  refusal: null,
};
const options = { timeZone: 'Australia/Sydney', now: new Date('2026-11-28T01:00:00Z') };
const document = {
  name: 'Harbour City',
  theme: { colors: { primary: '#123456' } },
  pages: { '/': { title: 'Home', blocks: [{ type: 'Hero', props: { heading: 'Hi' } }] } },
};

describe("issue 33: a scheduled publish in the site editor's words", () => {
  it("waiting: when, on the site's clock, and how long until then", () => {
    expect(scheduleStory(base, options)).toEqual({
      state: 'Waiting',
      when: 'Sun 6 Dec, 6:00 am, Sydney time (in 8 days)',
      text: 'It goes live then, unless it is cancelled first.',
      items: [],
    });
  });

  it('published, cancelled', () => {
    expect(scheduleStory({ ...base, state: 'published', publishedVersionId: 14 }, options).text).toBe(
      'Went live at Sun 6 Dec, 6:00 am, Sydney time as version 14.',
    );
    expect(
      scheduleStory(
        { ...base, state: 'cancelled', finishedBy: 'sam@studio.example', finishedAt: '2026-11-29T00:00:00Z' },
        options,
      ).text,
    ).toBe('Cancelled by sam@studio.example on Sun 29 Nov, 11:00 am, Sydney time: it was not published.');
  });

  it('not published because it became invalid: the problems, fields in words, never a pointer', () => {
    const story = scheduleStory(
      {
        ...base,
        state: 'not-published',
        refusal: {
          kind: 'invalid',
          issues: [{ pointer: '/pages/~1/blocks/0/props/heading', message: 'missing required key "heading"' }],
        },
      },
      { ...options, document },
    );
    expect(story.state).toBe('Not published');
    expect(story.text).toMatch(/^Not published at its time: by then it no longer passed the site’s checks/);
    expect(story.items).toHaveLength(1);
    expect(story.items[0]).not.toContain('/');
    expect(story.items[0]).toMatch(/Hero banner.*Heading/);
  });

  it('not published because a publish since changed the same things: which version, and the fields', () => {
    const story = scheduleStory(
      {
        ...base,
        state: 'not-published',
        refusal: { kind: 'conflict', versionId: 12, author: 'lina', pointers: ['/theme/colors/primary'] },
      },
      { ...options, document, sections: [{ label: 'Theme', keys: ['theme'] }] },
    );
    expect(story.text).toContain('version 12 was published after it was scheduled and changed the same things');
    expect(story.items).toEqual(['Theme › Theme colours › Primary colour']);
  });
});
