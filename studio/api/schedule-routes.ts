/**
 * Publishing on a schedule in the Studio (issue 33), over the tenant store's schedules:
 *
 *   GET    /api/studio/sites/<slug>/schedules       the site's schedules, newest first, in words
 *   POST   /api/studio/sites/<slug>/schedules       { document, baseVersionId, message, publishAt }: 201, 400, 403, 409, 422
 *   DELETE /api/studio/sites/<slug>/schedules/<id>  cancel a waiting one: 200, 404, 409
 *
 * `publishAt` is a date and time on the site's clock as a datetime-local field gives it
 * ("2026-12-06T06:00"); the site's time zone is its document's. The document is checked as a publish
 * is (the engine's validation, the admin-only fields of the caller's role, a stale base); then it is
 * frozen and the site's draft cleared, and the answer carries what the editor starts again from (the
 * live version, its issues and a preview), as "Discard draft" does. Every process publishes due
 * schedules (server/background/scheduled-publishing.ts).
 */
import { answer } from '../../server/http/api-request';
import { SECTIONS } from '../editor/sections';
import { scheduleMoment, timeWords } from '../../domain/studio/scheduled-publish';
import { scheduleStory } from '../../domain/studio/schedule-story';
import { getTenantStore, type ScheduledPublish } from '../../services/tenant-store';
import {
  checkFile,
  checkPublished,
  documentValue,
  fileText,
  siteTimeZone,
  studioValidate,
  type EditableSite,
} from '../site-documents';
import { previewOfDraft } from '../editor/editor-data';
import { objectBody, Refusal, siteCaller, studioCall, wholeNumberOf } from './studio-call';
import {
  baseVersionOf,
  documentField,
  fileAsFirstVersion,
  issueOut,
  keepsAdminFields,
  messageOf,
  previewMoment,
  publishAnswer,
} from './document-routes';

/** What the site serves now: its published version, else its file. */
async function liveOf(site: EditableSite) {
  const published = await getTenantStore().published(site.slug);
  const text = published?.document ?? (site.filePath ? fileText(site.filePath) : undefined) ?? '{}';
  const issues = published ? checkPublished(site.slug, published) : site.filePath ? checkFile(site.filePath) : [];
  return { published, document: documentValue(text), issues };
}

/** One schedule as the Studio shows it: the facts, and the words (state, when, what happened, why not). */
async function scheduleOut(schedule: ScheduledPublish, timeZone: string, now: Date) {
  // A refusal names fields in the words of the version it would have published.
  const frozen = schedule.refusal ? await getTenantStore().version(schedule.versionId) : undefined;
  const story = scheduleStory(schedule, {
    timeZone,
    now,
    document: frozen ? documentValue(frozen.document) : undefined,
    sections: SECTIONS,
  });
  return {
    id: schedule.id,
    state: schedule.state,
    publishAt: schedule.publishAt,
    message: schedule.message,
    author: schedule.author,
    createdAt: schedule.createdAt,
    versionId: schedule.versionId,
    baseVersionId: schedule.baseVersionId,
    publishedVersionId: schedule.publishedVersionId,
    story,
  };
}

/** GET: the site's schedules; POST: schedule the document. */
export function handleSchedules(request: Request, slug: string): Promise<Response> {
  if (request.method === 'POST') return handleSchedule(request, slug);
  return studioCall(async () => {
    const { site } = await siteCaller(request, slug, 'GET');
    const live = await liveOf(site);
    const timeZone = siteTimeZone(live.document);
    const now = new Date();
    const schedules = await getTenantStore().schedules(site.slug);
    return answer(200, {
      timeZone,
      schedules: await Promise.all(schedules.map((s) => scheduleOut(s, timeZone, now))),
    });
  });
}

function handleSchedule(request: Request, slug: string): Promise<Response> {
  return studioCall(async () => {
    const { staff, site } = await siteCaller(request, slug, 'POST');
    const body = await objectBody(request);
    const document = documentField(body);
    const message = messageOf(body);
    const timeZone = siteTimeZone(document);
    const now = new Date();
    const moment = scheduleMoment(body.publishAt, timeZone, now);
    if (!moment.ok) throw new Refusal(400, moment.message, { field: 'publishAt' });
    const previewAt = previewMoment(body.previewAt);
    const baseVersionId = await baseVersionOf(body, site);
    await keepsAdminFields(staff, site, document, baseVersionId);
    const author = staff.user.email;
    // As a publish: a site served from its file puts the file in the history first, to schedule from it.
    const base =
      baseVersionId ?? (studioValidate(site.slug, document).ok ? await fileAsFirstVersion(site, author) : null);
    const result = await getTenantStore().schedule({
      slug: site.slug,
      document: JSON.stringify(document),
      author,
      message,
      baseVersionId: base,
      validate: studioValidate,
      publishAt: moment.at,
    });
    if (!result.ok) return publishAnswer(result, { site, author, baseVersionId, keepsDraft: true });
    const live = await liveOf(site);
    return answer(201, {
      schedule: await scheduleOut(result.schedule, timeZone, now),
      message: `Scheduled: it publishes ${timeWords(moment.at, timeZone, now)}.${moment.note ? ` ${moment.note}` : ''}`,
      document: live.document,
      publishedVersionId: live.published?.id ?? null,
      issues: live.issues.map(issueOut),
      preview: await previewOfDraft(site.slug, undefined, previewAt),
    });
  });
}

/** DELETE: cancel a waiting schedule. */
export function handleScheduleCancel(request: Request, slug: string, idText: string): Promise<Response> {
  return studioCall(async () => {
    const { staff, site } = await siteCaller(request, slug, 'DELETE');
    const id = wholeNumberOf(idText);
    if (id === undefined) throw new Refusal(404, `There is no such scheduled publish of ${site.name}.`);
    const result = await getTenantStore().cancelSchedule({ slug: site.slug, id, by: staff.user.email });
    const timeZone = siteTimeZone((await liveOf(site)).document);
    const now = new Date();
    if (result.ok)
      return answer(200, {
        schedule: await scheduleOut(result.schedule, timeZone, now),
        message: `Cancelled the publish set for ${timeWords(new Date(result.schedule.publishAt), timeZone)}. The site does not change then.`,
      });
    if (!result.schedule) throw new Refusal(404, `There is no such scheduled publish of ${site.name}.`);
    const shown = await scheduleOut(result.schedule, timeZone, now);
    throw new Refusal(409, `It cannot be cancelled any more. ${shown.story.text}`, { schedule: shown });
  });
}
