/**
 * Makes the demo walkaround videos in public/assets/demo/ from the locally drawn spin frames
 * (services/media/vehicle-image), with Debian's ffmpeg: two turns at 8 frames a second, H.264,
 * 640x428. Run once by a developer (`npx tsx demo-data/make-walkaround-videos.ts`); the
 * videos are committed, so neither `npm run demo` nor the tests need ffmpeg.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { SPIN_FRAMES, vehicleSvg, type VehicleKind } from '../services/media/vehicle-image';
import { WALKAROUND_VIDEOS } from './walkaround-videos';

async function main(): Promise<void> {
  mkdirSync('public/assets/demo', { recursive: true });
  for (const { kind, colour } of WALKAROUND_VIDEOS) {
    const dir = mkdtempSync(join(tmpdir(), 'walkaround-'));
    for (let turn = 0; turn < 2; turn++) {
      for (let frame = 0; frame < SPIN_FRAMES; frame++) {
        const svg = vehicleSvg(kind as VehicleKind, colour, `spin-${String(frame).padStart(2, '0')}`);
        writeFileSync(
          join(dir, `f-${String(turn * SPIN_FRAMES + frame).padStart(3, '0')}.png`),
          await sharp(Buffer.from(svg)).resize(640, 428).png().toBuffer(),
        );
      }
    }
    const out = `public/assets/demo/walkaround-${kind}-${colour}.mp4`;
    execFileSync('ffmpeg', [
      '-y',
      '-loglevel',
      'error',
      '-framerate',
      '8',
      '-i',
      join(dir, 'f-%03d.png'),
      '-c:v',
      'libx264',
      '-pix_fmt',
      'yuv420p',
      '-crf',
      '30',
      '-movflags',
      '+faststart',
      '-an',
      out,
    ]);
    rmSync(dir, { recursive: true, force: true });
    console.log(`wrote ${out}`);
  }
}

void main();
