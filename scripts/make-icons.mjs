// Makes the favicon set, the web-manifest icons and the social-card image from
// the logo mark in public/favicon.svg. Run it after changing the mark or the
// card's words, and commit what it writes:
//
//   node scripts/make-icons.mjs            (SITE_TRADING_NAME sets the name on the card)
//
//   public/favicon.ico                 32x32, a PNG inside an ICO container
//   public/icons/icon-192.png          the mark, for the manifest
//   public/icons/icon-512.png          the mark, for the manifest
//   public/icons/icon-maskable-512.png the car inside the maskable safe zone, on navy to every edge
//   public/icons/apple-touch-icon.png  180x180, opaque (iOS rounds the corners itself)
//   public/og-image.png                1200x630 social card, evergreen: no offer and no dates on it
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const publicDir = path.join(root, 'public');
const tradingName = process.env.SITE_TRADING_NAME?.trim() || 'CarBuy Direct';

const NAVY = '#0b2a4a';
const DEEP = '#061a30';
const PLATE = '#ffd23f';
const GO = '#15803d';
const MIST = '#d6e6f5';
const FONT =
  "'Segoe UI', -apple-system, BlinkMacSystemFont, Roboto, 'Helvetica Neue', Arial, 'Liberation Sans', sans-serif";

// The car of the mark, in the mark's 64x64 units (see public/favicon.svg).
const CAR =
  'M14 38l5-11c1-3 3-4 6-4h14c3 0 5 1 6 4l5 11v8a2 2 0 0 1-2 2h-3a2 2 0 0 1-2-2v-2H21v2a2 2 0 0 1-2 2h-3a2 2 0 0 1-2-2z';
const WINDSCREEN = 'M21 32l3-6c.5-1 1-1.5 2-1.5h12c1 0 1.5.5 2 1.5l3 6z';
const CAR_BOX = { x: 14, y: 23, width: 36, height: 25 };

/** The car alone, `width` pixels wide, centred on (cx, cy), with cut-outs in `cutout`. */
function car(cx, cy, width, colour, cutout) {
  const k = width / CAR_BOX.width;
  const x = cx - (CAR_BOX.x + CAR_BOX.width / 2) * k;
  const y = cy - (CAR_BOX.y + CAR_BOX.height / 2) * k;
  return (
    `<g transform="translate(${x} ${y}) scale(${k})"><path d="${CAR}" fill="${colour}"/>` +
    `<circle cx="22" cy="38" r="3" fill="${cutout}"/><circle cx="42" cy="38" r="3" fill="${cutout}"/>` +
    `<path d="${WINDSCREEN}" fill="${cutout}"/></g>`
  );
}

/** A full-bleed navy square with the car; `carShare` is the car's width as a share of the side. */
function solidIcon(size, carShare) {
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}">` +
      `<rect width="${size}" height="${size}" fill="${NAVY}"/>${car(size / 2, size / 2, size * carShare, PLATE, NAVY)}</svg>`,
  );
}

const escapeXml = (text) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]);

/** Rough bold-sans width, enough to keep a configured trading name inside the card. */
const roughWidth = (text, size) => [...text].length * size * 0.6;

function ogImageSvg() {
  const W = 1200;
  const H = 630;
  const P = 72;
  const nameSize = Math.min(38, (560 / roughWidth(tradingName, 1)) | 0);
  const messages = [
    'No auctions, no fees',
    'Free collection nationwide',
    'Paid the same day',
    'Outstanding finance settled',
  ];
  const column = (W - 2 * P) / 2;
  const ticks = messages
    .map((message, index) => {
      const x = P + (index % 2) * column;
      const y = 462 + Math.floor(index / 2) * 58;
      return (
        `<circle cx="${x + 15}" cy="${y - 9}" r="15" fill="${GO}"/>` +
        `<path d="M${x + 8.5} ${y - 8.5}l4.5 4.5l8.5 -9.5" fill="none" stroke="#fff" stroke-width="3.2" stroke-linecap="round" stroke-linejoin="round"/>` +
        `<text x="${x + 44}" y="${y}" font-size="26" font-weight="600" fill="#fff">${escapeXml(message)}</text>`
      );
    })
    .join('');
  const markSize = 250;
  const markX = W - P - markSize;
  const markY = 96;
  return Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}" font-family="${FONT}">
<defs>
  <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${NAVY}"/><stop offset="1" stop-color="${DEEP}"/></linearGradient>
  <radialGradient id="glow" cx="${markX + markSize / 2}" cy="${markY + markSize / 2}" r="420" gradientUnits="userSpaceOnUse"><stop offset="0" stop-color="#1f5790" stop-opacity="0.6"/><stop offset="1" stop-color="#1f5790" stop-opacity="0"/></radialGradient>
</defs>
<rect width="${W}" height="${H}" fill="url(#bg)"/>
<rect width="${W}" height="${H}" fill="url(#glow)"/>
${[170, 230, 290].map((r) => `<circle cx="${markX + markSize / 2}" cy="${markY + markSize / 2}" r="${r}" fill="none" stroke="#fff" stroke-opacity="0.06" stroke-width="2"/>`).join('')}
<rect x="${markX}" y="${markY}" width="${markSize}" height="${markSize}" rx="${markSize * 0.22}" fill="${PLATE}"/>
${car(markX + markSize / 2, markY + markSize / 2 + 3, markSize * 0.6, NAVY, PLATE)}
<text x="${P}" y="${P + 30}" font-size="${nameSize}" font-weight="800" fill="#fff">${escapeXml(tradingName)}</text>
<text x="${P}" y="${P + 132}" font-size="80" font-weight="800" fill="#fff" letter-spacing="-1">Sell your car</text>
<text x="${P}" y="${P + 222}" font-size="80" font-weight="800" fill="${PLATE}" letter-spacing="-1">the simple way</text>
<text x="${P}" y="${P + 286}" font-size="32" font-weight="600" fill="${MIST}">Free valuation within 24 hours</text>
<path d="M${P} 404H${W - P}" stroke="#fff" stroke-opacity="0.14" stroke-width="2"/>
${ticks}
</svg>`);
}

/** An ICO file holding one PNG image (allowed since Windows Vista; every browser reads it). */
function icoWithPng(png, size) {
  const header = Buffer.alloc(6 + 16);
  header.writeUInt16LE(0, 0); // reserved
  header.writeUInt16LE(1, 2); // type: icon
  header.writeUInt16LE(1, 4); // one image
  header.writeUInt8(size, 6); // width
  header.writeUInt8(size, 7); // height
  header.writeUInt8(0, 8); // no palette
  header.writeUInt8(0, 9); // reserved
  header.writeUInt16LE(1, 10); // colour planes
  header.writeUInt16LE(32, 12); // bits per pixel
  header.writeUInt32LE(png.length, 14); // image size
  header.writeUInt32LE(22, 18); // image offset
  return Buffer.concat([header, png]);
}

const smallPng = { compressionLevel: 9, adaptiveFiltering: true, palette: true, quality: 100, effort: 10 };

/** Renders a square SVG whose side is `intrinsic` user units at exactly `size` pixels. */
async function renderSquare(svg, intrinsic, size, { opaque = false } = {}) {
  let image = sharp(svg, { density: (72 * size) / intrinsic }).resize(size, size);
  if (opaque) image = image.flatten({ background: NAVY }).removeAlpha();
  return image.png(smallPng).toBuffer();
}

async function main() {
  const mark = await readFile(path.join(publicDir, 'favicon.svg'));
  await mkdir(path.join(publicDir, 'icons'), { recursive: true });

  const outputs = {
    'favicon.ico': icoWithPng(await renderSquare(mark, 64, 32), 32),
    'icons/icon-192.png': await renderSquare(mark, 64, 192),
    'icons/icon-512.png': await renderSquare(mark, 64, 512),
    // Maskable: the safe zone is the central circle of 80% diameter; the car's
    // corners stay within about 60% of it.
    'icons/icon-maskable-512.png': await renderSquare(solidIcon(512, 0.5), 512, 512, { opaque: true }),
    // Same proportions as the mark (the car is 36/64 of its width), without the rounded corners.
    'icons/apple-touch-icon.png': await renderSquare(solidIcon(180, 36 / 64), 180, 180, { opaque: true }),
    'og-image.png': await sharp(ogImageSvg())
      .png({ compressionLevel: 9, adaptiveFiltering: true, palette: true, quality: 95, effort: 10, dither: 0.6 })
      .toBuffer(),
  };
  for (const [file, data] of Object.entries(outputs)) {
    await writeFile(path.join(publicDir, file), data);
    const info = file.endsWith('.ico') ? { width: 32, height: 32 } : await sharp(data).metadata();
    console.log(`public/${file.padEnd(28)} ${info.width}x${info.height}  ${(data.length / 1024).toFixed(1)} KB`);
  }
}

await main();
