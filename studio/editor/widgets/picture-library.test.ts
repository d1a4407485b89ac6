import { describe, expect, it } from 'vitest';
import { libraryNames } from './PictureLibrary.client';

// Issue 33, the picture library: every control labelled, and two pictures' buttons never share a name.
const picture = (sha256: string, name: string, width = 1200, height = 400) => ({ sha256, name, width, height });

describe("the library's names for its pictures", () => {
  it('uses the file name, or the size for a picture with none', () => {
    expect([...libraryNames([picture('a', 'sale.jpg'), picture('b', '', 800, 600)]).values()]).toEqual([
      'sale.jpg',
      'Picture of 800 × 600 pixels',
    ]);
  });

  it('tells apart two pictures of the same name by their size, then by their place in the list', () => {
    const names = libraryNames([
      picture('a', 'banner.jpg'),
      picture('b', 'banner.jpg', 600, 400),
      picture('c', 'logo.png'),
      picture('d', 'banner.jpg'),
    ]);
    expect([...names.values()]).toEqual([
      'banner.jpg, 1200 × 400 pixels, picture 1',
      'banner.jpg, 600 × 400 pixels',
      'logo.png',
      'banner.jpg, 1200 × 400 pixels, picture 4',
    ]);
  });
});
