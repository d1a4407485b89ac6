/**
 * Issue 32's words check: "On every screen a site editor sees, no visible text contains a JSON
 * pointer, `#/`, 'option N', `§`, or a schema definition name (derive the list from
 * `schemas/studio.schema.json`)". The JSON tab is the one place the document's own words belong,
 * so its panel is left out; so is the preview frame (a dealer page, another document).
 */
import { readFileSync } from 'node:fs';
import { expect, type Page } from '@playwright/test';

type Schema = { $defs?: Record<string, unknown>; definitions?: Record<string, unknown> };
const bundle = JSON.parse(readFileSync('schemas/studio.schema.json', 'utf8')) as Schema;

/**
 * The schema's definition names as they could show: `tenant.menuItem` as written, and its last part
 * as a type name (`MenuItem`, as rjsf titles an untitled definition). One-word parts ("offer",
 * "theme") are everyday words a site editor reads anyway, so only the compound ones are looked for.
 */
export function definitionNames(schema: Schema = bundle): string[] {
  const names = new Set<string>();
  for (const name of Object.keys(schema.$defs ?? schema.definitions ?? {})) {
    if (name.includes('.')) names.add(name);
    const last = name.split('.').at(-1) ?? name;
    if (/[a-z][A-Z]/.test(last)) names.add(last.charAt(0).toUpperCase() + last.slice(1));
  }
  return [...names].sort();
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** What must never show, each with the reason a failure names. */
export function forbiddenWords(): { why: string; pattern: RegExp }[] {
  const names = definitionNames();
  if (!names.length)
    throw new Error('schemas/studio.schema.json lists no definitions: the words check would check nothing');
  return [
    // A JSON pointer: a path with a numeric or escaped segment (/pages/~1/blocks/0/props/html, /menus/header/2/label).
    {
      why: 'a JSON pointer',
      pattern: /(?:^|[\s"'(“‘:])\/[A-Za-z][\w-]*(?:\/[\w~.-]+)*\/(?:\d+|~[01][\w~.-]*)(?:\/|(?=[\s:,;)"'”’]|$))/,
    },
    { why: 'a schema reference (#/)', pattern: /#\// },
    { why: 'an untitled alternative ("option N")', pattern: /\boption \d+\b/i },
    { why: 'a spec reference (§)', pattern: /§/ },
    {
      why: 'a schema definition name',
      pattern: new RegExp(`(?<![\\w.])(?:${names.map(escape).join('|')})(?![\\w])`),
    },
  ];
}

/** The text a site editor sees on the Studio page now, without the JSON tab's panel. */
async function visibleText(page: Page): Promise<string> {
  return page.evaluate(() => {
    const json = document.getElementById('panel-json');
    const hidden = json ? json.style.visibility : '';
    if (json) json.style.visibility = 'hidden';
    try {
      // innerText is what is rendered: closed disclosures, hidden panels and the frame's page are not in it.
      return document.body.innerText;
    } finally {
      if (json) json.style.visibility = hidden;
    }
  });
}

/** Fails naming each line that holds something a site editor must not be shown. */
export async function expectSiteEditorWords(page: Page, where: string): Promise<void> {
  const lines = (await visibleText(page)).split('\n').filter((line) => line.trim());
  const found = lines.flatMap((line) =>
    forbiddenWords()
      .filter(({ pattern }) => pattern.test(line))
      .map(({ why }) => `${why}: ${line.trim().slice(0, 160)}`),
  );
  expect(found, `words a site editor must not see (${where})`).toEqual([]);
}
