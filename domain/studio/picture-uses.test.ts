import { describe, expect, it } from 'vitest';
import { picturePointers } from './picture-uses';

const A = 'a'.repeat(64);
const B = 'b'.repeat(64);

describe('where a document shows Studio pictures (issue 33: "where it is used")', () => {
  it('finds every image reference, cropped or not, by picture', () => {
    const document = {
      header: { logo: { src: `/media/studio/${A}.webp`, alt: 'Logo' } },
      pages: [
        {
          path: '/',
          blocks: [{ type: 'Hero', props: { image: { src: `/media/studio/${A}-0-0-100-100.webp`, alt: '' } } }],
        },
        { path: '/a/b', blocks: [{ type: 'Hero', props: { 'odd/key': { src: `/media/studio/${B}.webp` } } }] },
      ],
      other: { src: '/media/summer.jpg' },
    };
    const found = picturePointers(document);
    expect(found.get(A)).toEqual(['/header/logo', '/pages/0/blocks/0/props/image']);
    expect(found.get(B)).toEqual(['/pages/1/blocks/0/props/odd~1key']);
    expect(found.size).toBe(2);
  });

  it('finds nothing in a document that is not an object', () => {
    expect(picturePointers(undefined).size).toBe(0);
    expect(picturePointers('text').size).toBe(0);
  });
});
