/**
 * Small drawing helpers for the ads: XML escaping, text measured against
 * Arial/Helvetica metrics so lines can be fitted without a browser, and the
 * brand's shapes (logo mark, tick, number plate). SVG text never wraps or
 * shrinks on its own, so every line that carries configurable words is fitted
 * here: smaller type first, then cut with an ellipsis as a last resort.
 */

export const colours = {
  navy: '#0b2a4a',
  deep: '#061a30',
  navy800: '#10365c',
  navy600: '#1f5790',
  mist: '#d6e6f5',
  plate: '#ffd23f',
  go: '#15803d',
  white: '#ffffff',
  ink: '#0f172a',
  muted: '#475569',
  line: '#e2e8f0',
} as const;

/** System fonts only; Arial's metrics (and Liberation Sans, its Linux twin) are what the fitting assumes. */
export const FONT_STACK =
  "'Segoe UI', -apple-system, BlinkMacSystemFont, Roboto, 'Helvetica Neue', Arial, 'Liberation Sans', sans-serif";

// Control characters are not allowed in XML 1.0 at all, escaped or not.
// eslint-disable-next-line no-control-regex
const NOT_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;
const entities: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text for SVG content or attribute values. */
export function escapeXml(text: string): string {
  return text.replace(NOT_XML, '').replace(/[&<>"']/g, (c) => entities[c]!);
}

/** Rounded for compact, stable output. */
export const n = (value: number) => String(Math.round(value * 100) / 100);

// Advance widths (1/1000 em) of Helvetica and Helvetica-Bold for ASCII 32-126.
const REGULAR =
  '278,278,355,556,556,889,667,191,333,333,389,584,278,333,278,278,556,556,556,556,556,556,556,556,556,556,278,278,584,584,584,556,1015,667,667,722,722,667,611,778,722,278,500,667,556,833,722,778,667,778,722,667,611,722,667,944,667,667,611,278,278,278,469,556,333,556,556,500,556,556,278,556,556,222,222,500,222,833,556,556,556,556,333,500,278,556,500,722,500,500,500,334,260,334,584'
    .split(',')
    .map(Number);
const BOLD =
  '278,333,474,556,556,889,722,238,333,333,389,584,278,333,278,278,556,556,556,556,556,556,556,556,556,556,333,333,584,584,584,611,975,722,722,722,722,667,611,778,722,278,556,722,611,833,722,778,667,778,722,667,611,722,667,944,667,667,611,333,278,333,584,556,333,556,611,556,611,556,333,611,611,278,278,556,278,889,611,611,611,611,389,556,333,611,556,778,556,556,500,389,280,389,584'
    .split(',')
    .map(Number);
const OTHER: Record<string, number> = {
  '£': 556,
  '€': 556,
  '·': 278,
  '–': 556,
  '—': 1000,
  '‘': 278,
  '’': 278,
  '“': 500,
  '”': 500,
  '…': 1000,
};

/** Other system fonts run a little wider than Arial; leave room for them. */
const SAFETY = 1.06;

export type Weight = 400 | 600 | 700 | 800;

export function textWidth(text: string, size: number, weight: Weight = 400, letterSpacing = 0): number {
  const table = weight >= 600 ? BOLD : REGULAR;
  let units = 0;
  let count = 0;
  for (const ch of text) {
    const code = ch.codePointAt(0)!;
    units += code >= 32 && code <= 126 ? table[code - 32]! : (OTHER[ch] ?? (code >= 0x2e80 ? 1000 : 620));
    count += 1;
  }
  const heavier = weight >= 800 ? 1.03 : 1;
  return (units / 1000) * size * SAFETY * heavier + letterSpacing * count;
}

export type TextOptions = {
  x: number;
  y: number;
  size: number;
  fill: string;
  weight?: Weight;
  anchor?: 'start' | 'middle' | 'end';
  /** The line may not be wider than this: it is set smaller, down to minSize, then cut. */
  maxWidth?: number;
  minSize?: number;
  letterSpacing?: number;
  opacity?: number;
};

/** The size a line needs to fit its width. */
export function fittedSize(content: string, options: Omit<TextOptions, 'x' | 'y' | 'fill'>): number {
  const { size, weight = 400, letterSpacing = 0, maxWidth } = options;
  if (maxWidth === undefined) return size;
  const width = textWidth(content, size, weight, letterSpacing);
  if (width <= maxWidth) return size;
  const scaled =
    Math.floor(
      ((size * (maxWidth - letterSpacing * [...content].length)) / (width - letterSpacing * [...content].length)) * 2,
    ) / 2;
  return Math.max(options.minSize ?? Math.ceil(size * 0.6), scaled);
}

/** Cuts a line that cannot fit even at its smallest size, ending it with an ellipsis. */
function truncate(content: string, size: number, weight: Weight, letterSpacing: number, maxWidth: number): string {
  const chars = [...content];
  while (chars.length > 1 && textWidth(`${chars.join('').trimEnd()}…`, size, weight, letterSpacing) > maxWidth) {
    chars.pop();
  }
  return `${chars.join('').trimEnd()}…`;
}

/**
 * One line of text, fitted to its width: set smaller down to minSize, then
 * cut with an ellipsis (textLength would squeeze instead, but not every SVG
 * renderer honours it).
 */
export function text(content: string, options: TextOptions): string {
  const { x, y, fill, weight = 400, anchor = 'start', letterSpacing = 0, maxWidth } = options;
  const size = fittedSize(content, options);
  const line =
    maxWidth !== undefined && textWidth(content, size, weight, letterSpacing) > maxWidth
      ? truncate(content, size, weight, letterSpacing, maxWidth)
      : content;
  const attributes = [
    `x="${n(x)}"`,
    `y="${n(y)}"`,
    `font-size="${n(size)}"`,
    weight === 400 ? '' : `font-weight="${weight}"`,
    `fill="${fill}"`,
    anchor === 'start' ? '' : `text-anchor="${anchor}"`,
    letterSpacing ? `letter-spacing="${n(letterSpacing)}"` : '',
    options.opacity === undefined ? '' : `fill-opacity="${n(options.opacity)}"`,
  ];
  return `<text ${attributes.filter(Boolean).join(' ')}>${escapeXml(line)}</text>`;
}

/** The first wording that fits at minSize or larger (the last one otherwise), as a fitted line. */
export function textFirstFitting(candidates: string[], options: TextOptions): string {
  const minSize = options.minSize ?? Math.ceil(options.size * 0.6);
  const chosen =
    candidates.find((candidate) => {
      const size = fittedSize(candidate, { ...options, minSize: 0 });
      return size >= minSize;
    }) ?? candidates.at(-1)!;
  return text(chosen, options);
}

/** Whether a line fits its width at minSize or larger (so it need not be cut). */
export function fits(content: string, options: Omit<TextOptions, 'x' | 'y' | 'fill'>): boolean {
  const { maxWidth, weight = 400, letterSpacing = 0 } = options;
  if (maxWidth === undefined) return true;
  return textWidth(content, fittedSize(content, options), weight, letterSpacing) <= maxWidth;
}

/** Greedy word wrap by measured width; a word longer than the line stays whole (text() fits it). */
export function wrap(content: string, size: number, weight: Weight, maxWidth: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of content.split(/\s+/).filter(Boolean)) {
    const candidate = line ? `${line} ${word}` : word;
    if (line && textWidth(candidate, size, weight) > maxWidth) {
      lines.push(line);
      line = word;
    } else {
      line = candidate;
    }
  }
  if (line) lines.push(line);
  return lines.length === 2 ? balance(lines.join(' '), size, weight) : lines;
}

/** Two lines of even length rather than a long line and a lone word. */
function balance(content: string, size: number, weight: Weight): string[] {
  const words = content.split(' ');
  let best: string[] = [];
  let bestWidth = Infinity;
  for (let cut = 1; cut < words.length; cut += 1) {
    const lines = [words.slice(0, cut).join(' '), words.slice(cut).join(' ')];
    const width = Math.max(...lines.map((l) => textWidth(l, size, weight)));
    if (width < bestWidth) [best, bestWidth] = [lines, width];
  }
  return best;
}

const CAR =
  'M14 38l5-11c1-3 3-4 6-4h14c3 0 5 1 6 4l5 11v8a2 2 0 0 1-2 2h-3a2 2 0 0 1-2-2v-2H21v2a2 2 0 0 1-2 2h-3a2 2 0 0 1-2-2z';
const WINDSCREEN = 'M21 32l3-6c.5-1 1-1.5 2-1.5h12c1 0 1.5.5 2 1.5l3 6z';

/**
 * The logo mark of public/favicon.svg (a car on a rounded square). On navy
 * artwork it is drawn inverted: a yellow square with a navy car.
 */
export function logoMark(x: number, y: number, size: number, variant: 'onNavy' | 'onLight' = 'onNavy'): string {
  const square = variant === 'onNavy' ? colours.plate : colours.navy;
  const car = variant === 'onNavy' ? colours.navy : colours.plate;
  return (
    `<g transform="translate(${n(x)} ${n(y)}) scale(${n(size / 64)})">` +
    `<rect width="64" height="64" rx="14" fill="${square}"/>` +
    `<path d="${CAR}" fill="${car}"/>` +
    `<circle cx="22" cy="38" r="3" fill="${square}"/><circle cx="42" cy="38" r="3" fill="${square}"/>` +
    `<path d="${WINDSCREEN}" fill="${square}"/></g>`
  );
}

/** A green disc with a white tick, centred on (cx, cy). */
export function tick(cx: number, cy: number, radius: number): string {
  const k = radius / 14;
  return (
    `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(radius)}" fill="${colours.go}"/>` +
    `<path d="M${n(cx - 6 * k)} ${n(cy + 0.5 * k)}l${n(4 * k)} ${n(4 * k)}l${n(8 * k)} ${n(-9 * k)}" fill="none" stroke="${colours.white}" stroke-width="${n(3 * k)}" stroke-linecap="round" stroke-linejoin="round"/>`
  );
}

/** A UK number plate (yellow, with the blue "UK" band) reading `reg`. */
export function numberPlate(x: number, y: number, width: number, height: number, reg: string): string {
  const band = height * 0.42;
  const radius = height * 0.12;
  return (
    `<rect x="${n(x)}" y="${n(y)}" width="${n(width)}" height="${n(height)}" rx="${n(radius)}" fill="${colours.plate}" stroke="${colours.deep}" stroke-width="${n(height * 0.035)}"/>` +
    `<path d="M${n(x + radius)} ${n(y)}H${n(x + band)}V${n(y + height)}H${n(x + radius)}a${n(radius)} ${n(radius)} 0 0 1 ${n(-radius)} ${n(-radius)}V${n(y + radius)}a${n(radius)} ${n(radius)} 0 0 1 ${n(radius)} ${n(-radius)}z" fill="${colours.navy600}"/>` +
    text('UK', {
      x: x + band / 2,
      y: y + height * 0.8,
      size: height * 0.22,
      weight: 700,
      fill: colours.white,
      anchor: 'middle',
    }) +
    text(reg, {
      x: x + band + (width - band) / 2,
      y: y + height * 0.5 + height * 0.19,
      size: height * 0.54,
      weight: 700,
      fill: colours.deep,
      anchor: 'middle',
      letterSpacing: height * 0.04,
      maxWidth: width - band - height * 0.4,
    })
  );
}

/** A path for a rectangle whose top corners only are rounded. */
export function topRoundedRect(x: number, y: number, width: number, height: number, radius: number): string {
  return `M${n(x)} ${n(y + height)}V${n(y + radius)}a${n(radius)} ${n(radius)} 0 0 1 ${n(radius)} ${n(-radius)}H${n(x + width - radius)}a${n(radius)} ${n(radius)} 0 0 1 ${n(radius)} ${n(radius)}V${n(y + height)}z`;
}
