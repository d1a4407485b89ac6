import { describe, expect, it } from 'vitest';
import { KEPT_VERSIONS_PER_SITE, versionsPastLimit } from './history-limit';

describe("a site's history is bounded (issue 30, M4: versions had no limit)", () => {
  it('keeps the newest versions, and always the published version and the draft', () => {
    const ids = [1, 2, 3, 4, 5, 6, 7, 8];
    expect(versionsPastLimit(ids, [], 5)).toEqual([3, 2, 1]);
    expect(versionsPastLimit([...ids].reverse(), [2, null, undefined], 5)).toEqual([3, 1]);
    expect(versionsPastLimit(ids, [8], 8)).toEqual([]);
    expect(versionsPastLimit([], [1], 5)).toEqual([]);
    expect(KEPT_VERSIONS_PER_SITE).toBe(200);
  });
});
