/**
 * A scheduled publish told in a site editor's words (issue 33: "listed in the site list and
 * History, cancellable … A scheduled version that has become invalid … is not published; the Studio
 * shows why"): its state with the time on the site's clock, and the reason it was not published,
 * naming the fields as the editor names them (never a JSON pointer). Pure: facts in, sentences out.
 */
import { fieldName, type StorySection } from './change-story';
import { plainIssues } from './plain-issues';
import { timeWords } from './scheduled-publish';

/** The facts of a schedule these words need (services/tenant-store ScheduledPublish has them). */
export interface ScheduleFacts {
  state: 'scheduled' | 'published' | 'cancelled' | 'not-published';
  publishAt: string;
  finishedAt: string | null;
  finishedBy: string | null;
  publishedVersionId: number | null;
  refusal:
    | { kind: 'invalid'; issues: { pointer: string; message: string }[] }
    | { kind: 'conflict'; versionId: number; author: string; pointers: string[] }
    | { kind: 'missing' }
    | null;
}

export interface ScheduleStory {
  /** "Waiting", "Published", "Cancelled", "Not published". */
  state: string;
  /** When, on the site's clock: "Sun 6 Dec, 6:00 am, Sydney time (in 8 days)". */
  when: string;
  /** One sentence on what happened or will happen. */
  text: string;
  /** What stopped it, one line each (the fields named in words); empty otherwise. */
  items: string[];
}

/** Items listed at most; the rest are counted. */
const MAX_ITEMS = 6;

function capped(items: string[]): string[] {
  const unique = [...new Set(items)];
  return unique.length <= MAX_ITEMS ? unique : [...unique.slice(0, MAX_ITEMS), `and ${unique.length - MAX_ITEMS} more`];
}

/**
 * The schedule in words. `document`: the version it publishes (names the fields of a refusal);
 * `sections`: the editor's tabs, so a field reads "Theme › Theme colours › Primary colour".
 */
export function scheduleStory(
  schedule: ScheduleFacts,
  options: { timeZone: string; now: Date; document?: unknown; sections?: readonly StorySection[] },
): ScheduleStory {
  const at = new Date(schedule.publishAt);
  const { timeZone, now } = options;
  const name = (pointer: string) => fieldName(options.document, pointer, { sections: options.sections });
  if (schedule.state === 'scheduled')
    return {
      state: 'Waiting',
      when: timeWords(at, timeZone, now),
      text:
        at.getTime() > now.getTime()
          ? 'It goes live then, unless it is cancelled first.'
          : 'It goes live in the next few seconds.',
      items: [],
    };
  const when = timeWords(at, timeZone);
  if (schedule.state === 'published')
    return {
      state: 'Published',
      when,
      text: `Went live at ${when}${schedule.publishedVersionId ? ` as version ${schedule.publishedVersionId}` : ''}.`,
      items: [],
    };
  if (schedule.state === 'cancelled')
    return {
      state: 'Cancelled',
      when,
      text: `Cancelled${schedule.finishedBy ? ` by ${schedule.finishedBy}` : ''}${schedule.finishedAt ? ` on ${timeWords(new Date(schedule.finishedAt), timeZone)}` : ''}: it was not published.`,
      items: [],
    };
  const refusal = schedule.refusal ?? { kind: 'missing' as const };
  if (refusal.kind === 'invalid')
    return {
      state: 'Not published',
      when,
      text: 'Not published at its time: by then it no longer passed the site’s checks (after an update of the platform, or because something it shows was removed). Open the site, make the change again, and publish or schedule it.',
      items: capped(plainIssues(refusal.issues).map((issue) => `${name(issue.pointer)}: ${issue.message}`)),
    };
  if (refusal.kind === 'conflict')
    return {
      state: 'Not published',
      when,
      text: `Not published at its time: version ${refusal.versionId} was published after it was scheduled and changed the same things, so publishing it would have undone that change. Make the change again on the live site, and publish or schedule it.`,
      items: capped(refusal.pointers.map(name)),
    };
  return {
    state: 'Not published',
    when,
    text: 'Not published at its time: the version it would have published is no longer in the history. Make the change again, and publish or schedule it.',
    items: [],
  };
}
