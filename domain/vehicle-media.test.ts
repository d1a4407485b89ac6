import { describe, expect, it } from 'vitest';
import { hotspotsAt, mediaSlides, videoSource } from './vehicle-media';

describe('vehicle media (catalogue §4 viewer)', () => {
  it('places the video second by default, or where the tenant says, or last with fewer photos', () => {
    const video = { source: { kind: 'file' as const, url: '/v.mp4' }, title: 'Walkaround' };
    expect(mediaSlides(['a', 'b', 'c'], video).map((s) => (s.type === 'image' ? s.image : 'video'))).toEqual([
      'a',
      'video',
      'b',
      'c',
    ]);
    expect(mediaSlides(['a', 'b', 'c'], video, 1).map((s) => s.type)).toEqual(['video', 'image', 'image', 'image']);
    expect(mediaSlides([], video).map((s) => s.type)).toEqual(['video']);
    expect(mediaSlides(['a'], undefined)).toEqual([{ type: 'image', image: 'a' }]);
  });

  it('plays YouTube and Vimeo as embeds and video files with the browser player; anything else is not a video', () => {
    expect(videoSource('https://www.youtube.com/watch?v=dQw4w9WgXcQ')).toEqual({ kind: 'youtube', id: 'dQw4w9WgXcQ' });
    expect(videoSource('https://youtu.be/dQw4w9WgXcQ?t=3')).toEqual({ kind: 'youtube', id: 'dQw4w9WgXcQ' });
    expect(videoSource('https://vimeo.com/76979871')).toEqual({ kind: 'vimeo', id: '76979871' });
    expect(videoSource('/assets/demo/walkaround-suv-white.mp4')).toEqual({
      kind: 'file',
      url: '/assets/demo/walkaround-suv-white.mp4',
    });
    expect(videoSource('javascript:alert(1)')).toBeUndefined();
    expect(videoSource('')).toBeUndefined();
  });

  it('shows a hotspot only at the angles it has an anchor for', () => {
    const hotspots = [
      {
        id: 'wheel',
        description: '19-inch alloys',
        positions: [
          { frame: 0, x: 25, y: 65 },
          { frame: 1, x: 27, y: 65 },
        ],
      },
    ];
    expect(hotspotsAt(hotspots, 1)).toEqual([{ id: 'wheel', description: '19-inch alloys', x: 27, y: 65 }]);
    expect(hotspotsAt(hotspots, 6)).toEqual([]);
  });
});
