/**
 * The picture library of the Studio (issue 33): every picture a site's editors uploaded, with its
 * alt text, size and where the site uses it; for a site of a dealer group, the pictures of the
 * group's other sites the caller may edit too.
 *
 *   GET    /api/studio/sites/<slug>/media/library            { pictures, group? }
 *   POST   /api/studio/sites/<slug>/media/library            { sha256 }: take a group site's picture into this library (201)
 *   PATCH  /api/studio/sites/<slug>/media/library/<sha256>   { alt }: the alt text the library offers (200)
 *   DELETE /api/studio/sites/<slug>/media/library/<sha256>   200; 409 while the draft, the live site or a
 *                                                            waiting scheduled publish shows it (the answer says where)
 *
 * "Where it is used" reads the site's documents (draft, live version or file, waiting schedules),
 * names each place in the editor's words and says which of those documents shows it.
 */
import { answer } from '../../server/http/api-request';
import { canEditSite } from '../../domain/studio/roles';
import { fieldName } from '../../domain/studio/change-story';
import { picturePointers } from '../../domain/studio/picture-uses';
import { megabytes } from '../../domain/studio/media-rules';
import { timeWords } from '../../domain/studio/scheduled-publish';
import { getTenantStore } from '../../services/tenant-store';
import {
  deleteFromLibrary,
  libraryEntry,
  MAX_LIBRARY_ALT,
  pictureLibrary,
  setPictureAlt,
  takeIntoLibrary,
  type LibraryPicture,
} from '../../services/studio-media';
import { SECTIONS } from '../editor/sections';
import { documentValue, fileText, siteTimeZone, type EditableSite } from '../site-documents';
import { loadTenantRegistry } from '../../engine/tenant-registry';
import { objectBody, Refusal, siteCaller, studioCall } from './studio-call';

/** What the audit log calls taking a picture off a library. */
export const MEDIA_DELETE_ACTION = 'studio.media-delete';

const SHA256 = /^[0-9a-f]{64}$/;

/** One place a picture shows, and in which of the site's documents. */
interface PictureUse {
  place: string;
  in: string[];
}

/** The site's documents that count for "in use": the draft, what is live, and every waiting scheduled publish. */
async function documentsOf(site: EditableSite): Promise<{ label: string; document: unknown }[]> {
  const store = getTenantStore();
  const documents: { label: string; document: unknown }[] = [];
  const draft = await store.draft(site.slug);
  if (draft) documents.push({ label: 'the draft', document: documentValue(draft.document) });
  const published = await store.published(site.slug);
  const live = published?.document ?? (site.filePath ? fileText(site.filePath) : undefined);
  if (live !== undefined) documents.push({ label: 'the live site', document: documentValue(live) });
  const timeZone = siteTimeZone(documents.at(-1)?.document);
  for (const schedule of await store.schedules(site.slug)) {
    if (schedule.state !== 'scheduled') continue;
    const frozen = await store.version(schedule.versionId);
    if (frozen)
      documents.push({
        label: `the publish scheduled for ${timeWords(new Date(schedule.publishAt), timeZone)}`,
        document: documentValue(frozen.document),
      });
  }
  return documents;
}

/** Every picture the site's documents show, with its places in words. */
async function usesOf(site: EditableSite): Promise<Map<string, PictureUse[]>> {
  const uses = new Map<string, PictureUse[]>();
  for (const { label, document } of await documentsOf(site)) {
    for (const [sha256, pointers] of picturePointers(document)) {
      const list = uses.get(sha256) ?? [];
      for (const pointer of pointers) {
        const place = fieldName(document, pointer, { sections: SECTIONS });
        const use = list.find((u) => u.place === place);
        if (!use) list.push({ place, in: [label] });
        else if (!use.in.includes(label)) use.in.push(label);
      }
      uses.set(sha256, list);
    }
  }
  return uses;
}

/** "Pages › Home page › Hero › Image (the live site and the draft)". */
function useText(use: PictureUse): string {
  const where = use.in.length > 1 ? `${use.in.slice(0, -1).join(', ')} and ${use.in.at(-1) ?? ''}` : (use.in[0] ?? '');
  return `${use.place} (${where})`;
}

/**
 * The other sites of the site's dealer group that the caller may edit too, from the tenant registry
 * (names and groups only: the site list's drafts and schedules are not needed here).
 */
function groupSites(staff: Parameters<typeof canEditSite>[0], site: EditableSite): { slug: string; name: string }[] {
  if (!site.dealershipGroup) return [];
  const sites: { slug: string; name: string }[] = [];
  for (const entry of loadTenantRegistry().tenants.values()) {
    if (!entry.ok || entry.slug === site.slug || entry.config.dealershipGroup !== site.dealershipGroup) continue;
    const row = { slug: entry.slug, dealershipGroup: entry.config.dealershipGroup };
    if (canEditSite(staff, row)) sites.push({ slug: entry.slug, name: entry.config.name });
  }
  return sites;
}

function pictureOut(picture: LibraryPicture, site: { slug: string; name: string }, own: boolean, uses: PictureUse[]) {
  return {
    sha256: picture.sha256,
    src: picture.src,
    name: picture.name,
    alt: picture.alt,
    width: picture.width,
    height: picture.height,
    size: `${megabytes(picture.bytes)} MB`,
    addedBy: picture.addedBy,
    addedAt: picture.addedAt,
    site,
    own,
    uses: uses.map(useText),
  };
}

function shaOf(value: unknown): string {
  if (typeof value !== 'string' || !SHA256.test(value)) throw new Refusal(404, 'There is no such picture.');
  return value;
}

/** GET the library; POST { sha256 } takes a group site's picture into it. */
export function handleLibrary(request: Request, slug: string): Promise<Response> {
  if (request.method === 'POST') return handleTake(request, slug);
  return studioCall(async () => {
    const { staff, site } = await siteCaller(request, slug, 'GET');
    const others = groupSites(staff, site);
    const names = new Map([[site.slug, site.name], ...others.map((o) => [o.slug, o.name] as const)]);
    const pictures = await pictureLibrary([...names.keys()]);
    const uses = await usesOf(site);
    const own = new Set(pictures.filter((p) => p.slug === site.slug).map((p) => p.sha256));
    const out = pictures
      // A picture both libraries hold is listed once, as this site's.
      .filter((p) => p.slug === site.slug || !own.has(p.sha256))
      .map((p) =>
        pictureOut(
          p,
          { slug: p.slug, name: names.get(p.slug) ?? p.slug },
          p.slug === site.slug,
          uses.get(p.sha256) ?? [],
        ),
      );
    return answer(200, { site: site.name, group: others.length ? site.dealershipGroup : undefined, pictures: out });
  });
}

function handleTake(request: Request, slug: string): Promise<Response> {
  return studioCall(async () => {
    const { staff, site } = await siteCaller(request, slug, 'POST');
    const sha256 = shaOf((await objectBody(request)).sha256);
    const from = [site.slug, ...groupSites(staff, site).map((s) => s.slug)];
    const picture = (await pictureLibrary(from)).find((p) => p.sha256 === sha256);
    if (!picture) throw new Refusal(404, "That picture is not in this site's library or its dealer group's.");
    if (picture.slug !== site.slug) await takeIntoLibrary(picture, site.slug, staff.user.email);
    return answer(201, { src: picture.src, width: picture.width, height: picture.height, alt: picture.alt });
  });
}

/** PATCH { alt }, DELETE: one picture of the site's library. */
export function handleLibraryPicture(request: Request, slug: string, picture: string): Promise<Response> {
  if (request.method === 'DELETE') return handleDelete(request, slug, picture);
  return studioCall(async () => {
    const { site } = await siteCaller(request, slug, 'PATCH');
    const sha256 = shaOf(picture);
    const alt = (await objectBody(request)).alt;
    if (typeof alt !== 'string') throw new Refusal(400, 'Send the alt text as { "alt": "…" }.', { field: 'alt' });
    if (alt.length > MAX_LIBRARY_ALT)
      throw new Refusal(400, `The alt text is longer than ${MAX_LIBRARY_ALT} characters: say it more briefly.`, {
        field: 'alt',
      });
    if (!(await setPictureAlt(site.slug, sha256, alt.trim())))
      throw new Refusal(404, "That picture is not in this site's library.");
    return answer(200, { alt: alt.trim() });
  });
}

function handleDelete(request: Request, slug: string, picture: string): Promise<Response> {
  return studioCall(async () => {
    const { staff, site } = await siteCaller(request, slug, 'DELETE');
    const sha256 = shaOf(picture);
    const entry = await libraryEntry(site.slug, sha256);
    if (!entry) throw new Refusal(404, "That picture is not in this site's library.");
    const uses = (await usesOf(site)).get(sha256) ?? [];
    if (uses.length)
      throw new Refusal(
        409,
        `${entry.name || 'This picture'} is still used: ${uses.map(useText).join('; ')}. Choose another picture there first, then delete it.`,
        { uses: uses.map(useText) },
      );
    await deleteFromLibrary(site.slug, sha256);
    await getTenantStore().audit({
      actor: staff.user.email,
      action: MEDIA_DELETE_ACTION,
      slug: site.slug,
      detail: { src: entry.src, name: entry.name },
    });
    return answer(200, { message: `Deleted ${entry.name || 'the picture'} from the library.` });
  });
}
