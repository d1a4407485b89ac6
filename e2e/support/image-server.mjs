/**
 * Browser tests only: a dealer's image host on this machine (issue 18), so feed photos with
 * absolute addresses can be followed through the platform's image route end to end. The platform
 * is told to trust it with IMAGE_HOSTS=127.0.0.1:3198 (playwright.config.ts); a tenant's own list
 * could never name a loopback address.
 *
 * GET /photos/<name>.jpg  a 1200 x 800 JPEG drawn for the name (a colour from it and the name in it)
 * GET /health             ok
 * anything else           404, as a dealer's CDN answers for a photo that is gone
 */
import { createHash } from 'node:crypto';
import { createServer } from 'node:http';
import sharp from 'sharp';

const port = Number(process.env.IMAGE_SERVER_PORT ?? 3198);
const drawn = new Map();

async function photo(name) {
  const hue = createHash('sha256').update(name).digest()[0] ?? 0;
  const background = `hsl(${Math.round((hue / 255) * 360)}, 45%, 45%)`;
  const label = name.replace(/[^a-z0-9-]/gi, '');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="800">
    <rect width="1200" height="800" fill="${background}"/>
    <rect x="200" y="420" width="800" height="160" rx="60" fill="#f4f4f4"/>
    <circle cx="360" cy="600" r="70" fill="#222"/><circle cx="840" cy="600" r="70" fill="#222"/>
    <text x="600" y="200" font-family="sans-serif" font-size="72" text-anchor="middle" fill="#fff">${label}</text>
  </svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 80 }).toBuffer();
}

createServer(async (request, response) => {
  const path = new URL(request.url ?? '/', 'http://127.0.0.1').pathname;
  if (path === '/health') {
    response.end('ok');
    return;
  }
  const match = /^\/photos\/([a-z0-9-]{1,60})\.jpg$/.exec(path);
  if (!match) {
    response.writeHead(404, { 'content-type': 'text/plain' });
    response.end('not found');
    return;
  }
  const name = match[1];
  if (!drawn.has(name)) drawn.set(name, await photo(name));
  const bytes = drawn.get(name);
  response.writeHead(200, { 'content-type': 'image/jpeg', 'content-length': bytes.length });
  response.end(bytes);
}).listen(port, '127.0.0.1');
