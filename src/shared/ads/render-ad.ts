import {
  adFormat,
  adOffer,
  adSummary,
  adWebsite,
  type AdFormat,
  type AdName,
  type AdOffer,
  type AdSite,
} from './catalogue';
import {
  colours,
  escapeXml,
  fits,
  fittedSize,
  FONT_STACK,
  logoMark,
  n,
  numberPlate,
  text,
  textFirstFitting,
  textWidth,
  tick,
  topRoundedRect,
  wrap,
  type TextOptions,
  type Weight,
} from './svg-kit';

/**
 * The five social media ads as standalone SVG documents at their platforms'
 * exact sizes. Everything they say comes from the site details and the
 * promotion: while the launch offer is announced or running they carry it with
 * the same dates as the rest of the site; otherwise (not yet announced, or
 * ended) they carry the everyday message instead, so no ad advertises an offer
 * that is over.
 */
export function renderAd(name: AdName, site: AdSite): string {
  const format = adFormat(name);
  if (!format) throw new Error(`Unknown ad: ${name}`);
  const content = adContent(site);
  const body =
    format.name === 'google-banner'
      ? banner(format, content)
      : format.name === 'instagram'
        ? square(format, content)
        : landscape(format, content);
  const { width, height } = format;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img" aria-labelledby="title" font-family="${FONT_STACK}">`,
    `<title id="title">${escapeXml(adSummary(format, site))}</title>`,
    background(format),
    body,
    '</svg>',
    '',
  ].join('\n');
}

type AdContent = {
  tradingName: string;
  offer: AdOffer | null;
  website: string | undefined;
  phone: string | undefined;
};

function adContent(site: AdSite): AdContent {
  return {
    tradingName: site.tradingName,
    offer: adOffer(site),
    website: adWebsite(site.publicBaseUrl),
    phone: site.phone?.display,
  };
}

const HEADLINE = ['Sell your car', 'the simple way'] as const;
const CTA = 'Get my free valuation';

/** What the left-hand column says; the card beside it carries the rest. */
function pitch(content: AdContent) {
  return content.offer
    ? {
        sub: 'Free valuation within 24 hours',
        points: ['No auctions, no fees', 'Free collection nationwide', 'Paid the same day, before the car leaves'],
      }
    : {
        sub: 'We buy directly from private sellers',
        points: ['No auctions, no fees', 'Free collection nationwide', 'Outstanding finance can be settled'],
      };
}

function background(format: AdFormat): string {
  const { width: w, height: h, name } = format;
  const big = Math.max(w, h);
  return [
    '<defs>',
    `<linearGradient id="${name}-bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${colours.navy}"/><stop offset="1" stop-color="${colours.deep}"/></linearGradient>`,
    `<radialGradient id="${name}-glow" cx="${n(w * 0.78)}" cy="${n(h * 0.1)}" r="${n(big * 0.55)}" gradientUnits="userSpaceOnUse"><stop offset="0" stop-color="${colours.navy600}" stop-opacity="0.55"/><stop offset="1" stop-color="${colours.navy600}" stop-opacity="0"/></radialGradient>`,
    '</defs>',
    `<rect width="${w}" height="${h}" fill="url(#${name}-bg)"/>`,
    `<rect width="${w}" height="${h}" fill="url(#${name}-glow)"/>`,
    // Soft rings behind the card, like ripples from the logo: depth without clutter.
    ...(h < 200 ? [] : [0.2, 0.34, 0.48]).map(
      (r) =>
        `<circle cx="${n(w * 0.86)}" cy="${n(h * 0.92)}" r="${n(big * r)}" fill="none" stroke="${colours.white}" stroke-opacity="0.045" stroke-width="${n(Math.max(2, big * 0.006))}"/>`,
    ),
  ].join('');
}

/** The trading name on one line, or on two smaller lines when it is long. */
function nameLines(name: string, size: number, maxWidth: number): { lines: string[]; size: number } {
  const single = fittedSize(name, { size, weight: 800, maxWidth, minSize: 0 });
  if (single >= size * 0.75) return { lines: [name], size: single };
  const small = Math.max(single, size * 0.62);
  const [first = name, ...rest] = wrap(name, small, 800, maxWidth);
  return { lines: rest.length ? [first, rest.join(' ')] : [first], size: small };
}

/** Mark and trading name, vertically centred on `cy`. */
function brand(x: number, cy: number, markSize: number, nameSize: number, maxWidth: number, name: string): string {
  const nameX = x + markSize + markSize * 0.3;
  const fitted = nameLines(name, nameSize, maxWidth - (nameX - x));
  const lineHeight = fitted.size * 1.15;
  const firstY = cy - ((fitted.lines.length - 1) * lineHeight) / 2 + fitted.size * 0.36;
  return (
    logoMark(x, cy - markSize / 2, markSize) +
    fitted.lines
      .map((line, index) =>
        text(line, {
          x: nameX,
          y: firstY + index * lineHeight,
          size: fitted.size,
          weight: 800,
          fill: colours.white,
          maxWidth: maxWidth - (nameX - x),
          minSize: fitted.size,
        }),
      )
      .join('')
  );
}

function headline(x: number, y: number, size: number, maxWidth: number): string {
  const options = { x, size, weight: 800 as Weight, maxWidth, letterSpacing: -size * 0.01 };
  return (
    text(HEADLINE[0], { ...options, y, fill: colours.white }) +
    text(HEADLINE[1], { ...options, y: y + size * 1.1, fill: colours.plate })
  );
}

/** Ticked points, wrapped to the column; returns the markup and the height used. */
function points(items: string[], x: number, y: number, size: number, maxWidth: number) {
  const radius = size * 0.6;
  const indent = radius * 2 + size * 0.6;
  const lineHeight = size * 1.25;
  const gap = size * 0.6;
  let top = y;
  const parts: string[] = [];
  for (const item of items) {
    const lines = wrap(item, size, 600, maxWidth - indent);
    parts.push(tick(x + radius, top + lineHeight / 2, radius));
    lines.forEach((line, index) => {
      parts.push(
        text(line, {
          x: x + indent,
          y: top + lineHeight / 2 + size * 0.36 + index * lineHeight,
          size,
          weight: 600,
          fill: colours.white,
          maxWidth: maxWidth - indent,
        }),
      );
    });
    top += lines.length * lineHeight + gap;
  }
  return { markup: parts.join(''), height: top - gap - y };
}

/** The yellow call-to-action button; returns its markup and width. */
function button(x: number, y: number, height: number, size: number) {
  const arrow = size * 0.9;
  const padding = height * 0.45;
  const width = textWidth(CTA, size, 700) + arrow + size * 0.5 + padding * 2;
  const ay = y + height / 2;
  const ax = x + width - padding - arrow;
  return {
    width,
    markup:
      `<rect x="${n(x)}" y="${n(y)}" width="${n(width)}" height="${n(height)}" rx="${n(height * 0.2)}" fill="${colours.plate}"/>` +
      text(CTA, { x: x + padding, y: ay + size * 0.36, size, weight: 700, fill: colours.deep }) +
      `<path d="M${n(ax)} ${n(ay)}h${n(arrow)}m${n(-arrow * 0.42)} ${n(-arrow * 0.42)}l${n(arrow * 0.42)} ${n(arrow * 0.42)}l${n(-arrow * 0.42)} ${n(arrow * 0.42)}" fill="none" stroke="${colours.deep}" stroke-width="${n(size * 0.13)}" stroke-linecap="round" stroke-linejoin="round"/>`,
  };
}

/** The website, without "www." when that is what it takes to fit; nothing when even that is too long. */
function websiteLine(website: string | undefined, options: TextOptions): string {
  if (!website) return '';
  const fitting = [website, website.replace(/^www\./, '')].find((candidate) => fits(candidate, options));
  return fitting ? text(fitting, options) : '';
}

/** Website and phone beside the button, when the business has them and they fit. */
function contactLines(content: AdContent, x: number, cy: number, size: number, maxWidth: number): string {
  const base = { x, size, maxWidth, minSize: size * 0.75 };
  const website = content.website
    ? [content.website, content.website.replace(/^www\./, '')].find((c) => fits(c, { ...base, weight: 700 }))
    : undefined;
  const phone = content.phone && fits(`or call ${content.phone}`, base) ? `or call ${content.phone}` : undefined;
  const lines: { text: string; fill: string; weight: Weight }[] = [];
  if (website) lines.push({ text: website, fill: colours.white, weight: 700 });
  if (phone) lines.push({ text: website ? phone : phone.replace(/^or c/, 'C'), fill: colours.mist, weight: 400 });
  const lineHeight = size * 1.3;
  const top = cy - ((lines.length - 1) * lineHeight) / 2;
  return lines
    .map((line, index) =>
      text(line.text, { ...base, y: top + index * lineHeight + size * 0.36, weight: line.weight, fill: line.fill }),
    )
    .join('');
}

/**
 * The white card: the launch offer while it is advertised, otherwise the
 * free-valuation card. Drawn at any size; `s` scales the type to the card.
 */
function card(id: string, content: AdContent, x: number, y: number, w: number, h: number): string {
  const s = Math.min(w / 400, h / 500);
  const radius = 24 * s;
  const bandHeight = 62 * s;
  const inner = w - 48 * s;
  const cx = x + w / 2;
  const offer = content.offer;
  const parts = [
    `<rect x="${n(x)}" y="${n(y + 12 * s)}" width="${n(w)}" height="${n(h)}" rx="${n(radius)}" fill="${colours.deep}" fill-opacity="0.55"/>`,
    `<rect x="${n(x)}" y="${n(y)}" width="${n(w)}" height="${n(h)}" rx="${n(radius)}" fill="${colours.white}"/>`,
    `<path d="${topRoundedRect(x, y, w, bandHeight, radius)}" fill="${offer ? colours.plate : colours.go}"/>`,
    text(offer ? 'LAUNCH OFFER' : 'FREE VALUATION', {
      x: cx,
      y: y + bandHeight / 2 + 20 * s * 0.36,
      size: 20 * s,
      weight: 800,
      fill: offer ? colours.deep : colours.white,
      anchor: 'middle',
      letterSpacing: 3 * s,
    }),
  ];
  const bodyTop = y + bandHeight;
  const footSize = 16 * s;
  const footY = y + h - 24 * s;
  const rule = (ry: number) =>
    `<path d="M${n(x + 32 * s)} ${n(ry)}H${n(x + w - 32 * s)}" stroke="${colours.line}" stroke-width="${n(2 * s)}"/>`;

  if (offer) {
    // Amount, voucher, rule, dates: centred between the band and the footnote.
    const middle = (bodyTop + footY - footSize) / 2;
    const amountY = middle - 35 * s;
    parts.push(
      text(offer.amount, {
        x: cx,
        y: amountY + 6 * s,
        size: 128 * s,
        weight: 800,
        fill: colours.navy,
        anchor: 'middle',
        maxWidth: inner,
        letterSpacing: -3 * s,
      }),
      text(offer.voucher, {
        x: cx,
        y: amountY + 50 * s,
        size: 26 * s,
        weight: 700,
        fill: colours.navy,
        anchor: 'middle',
        maxWidth: inner,
      }),
      rule(amountY + 80 * s),
      text('on car sales completed', {
        x: cx,
        y: amountY + 120 * s,
        size: 21 * s,
        fill: colours.muted,
        anchor: 'middle',
        maxWidth: inner,
      }),
      text(offer.period, {
        x: cx,
        y: amountY + 156 * s,
        size: 25 * s,
        weight: 800,
        fill: colours.navy,
        anchor: 'middle',
        maxWidth: inner,
      }),
      textFirstFitting(
        [
          `${offer.vouchersPerCustomer === 1 ? 'One voucher' : `${offer.vouchersPerCustomer} vouchers`} per customer. T&Cs apply.`,
          'T&Cs apply.',
        ],
        { x: cx, y: footY, size: footSize, fill: colours.muted, anchor: 'middle', maxWidth: inner },
      ),
    );
  } else {
    // Plate, "Your valuation within 24 hours": centred above the payment line.
    const plateHeight = 70 * s;
    const ruleY = footY - 42 * s;
    const top = (bodyTop + ruleY) / 2 - 110 * s;
    const plateY = top + 35 * s;
    parts.push(
      text('Enter your registration', {
        x: cx,
        y: top + 15 * s,
        size: 20 * s,
        weight: 600,
        fill: colours.muted,
        anchor: 'middle',
      }),
      numberPlate(x + 40 * s, plateY, w - 80 * s, plateHeight, 'YOUR REG'),
      text('Your valuation within', {
        x: cx,
        y: plateY + plateHeight + 48 * s,
        size: 22 * s,
        weight: 600,
        fill: colours.muted,
        anchor: 'middle',
      }),
      text('24 hours', {
        x: cx,
        y: plateY + plateHeight + 48 * s + 66 * s,
        size: 64 * s,
        weight: 800,
        fill: colours.navy,
        anchor: 'middle',
        letterSpacing: -1.5 * s,
        maxWidth: inner,
      }),
      rule(ruleY),
      tick(cx - textWidth('Paid the same day', footSize * 1.15, 700) / 2 - 16 * s, footY - footSize * 0.4, 11 * s),
      text('Paid the same day', {
        x: cx + 6 * s,
        y: footY,
        size: footSize * 1.15,
        weight: 700,
        fill: colours.navy,
        anchor: 'middle',
      }),
    );
  }
  return `<g id="${id}-card">${parts.join('')}</g>`;
}

/** Facebook, LinkedIn and X: copy on the left, the card on the right. */
function landscape(format: AdFormat, content: AdContent): string {
  const { width: W, height: H } = format;
  const P = 64;
  const cardWidth = 392;
  const cardX = W - P - cardWidth;
  const columnWidth = cardX - P - 56;
  const { sub, points: items } = pitch(content);

  const headSize = 68;
  const subSize = 28;
  const pointSize = 24;
  const list = points(items, P, 0, pointSize, columnWidth);
  const subGap = headSize * 0.25 + 22 + subSize * 0.74;
  const blockHeight = headSize * 0.74 + headSize * 1.1 + subGap + 32 + list.height;
  const regionTop = P + 56;
  const regionBottom = H - P - 60;
  const top = regionTop + (regionBottom - regionTop - blockHeight) / 2;
  const headY = top + headSize * 0.74;
  const subY = headY + headSize * 1.1 + subGap;
  const listY = subY + 32;
  const cta = button(P, H - P - 60, 60, 24);

  return [
    brand(P, P + 28, 56, 30, columnWidth, content.tradingName),
    headline(P, headY, headSize, columnWidth),
    text(sub, { x: P, y: subY, size: subSize, weight: 600, fill: colours.mist, maxWidth: columnWidth }),
    points(items, P, listY, pointSize, columnWidth).markup,
    cta.markup,
    contactLines(content, P + cta.width + 24, H - P - 30, 20, cardX - 32 - (P + cta.width + 24)),
    card(format.name, content, cardX, P, cardWidth, H - 2 * P),
  ].join('');
}

/** Instagram: a square with the headline across the top, points and card below. */
function square(format: AdFormat, content: AdContent): string {
  const { width: W, height: H } = format;
  const P = 80;
  const { sub, points: items } = pitch(content);
  const inner = W - 2 * P;
  const headSize = 100;
  const headY = P + 64 + 60 + headSize * 0.74;
  const subSize = 36;
  const subY = headY + headSize * 1.1 + headSize * 0.25 + 22 + subSize * 0.74;
  const cardWidth = 410;
  const cardX = W - P - cardWidth;
  const cardY = subY + 60;
  const cardHeight = H - P - cardY;
  const columnWidth = cardX - P - 32;
  const cta = button(P, H - P - 72, 72, 26);
  const list = points(items, P, 0, 28, columnWidth);
  // The points sit in the middle of the space beside the card, above the button.
  const listY = cardY + (H - P - 72 - 24 - cardY - list.height) / 2;
  return [
    brand(P, P + 32, 64, 36, content.website ? inner - 380 : inner, content.tradingName),
    websiteLine(content.website, {
      x: W - P,
      y: P + 32 + 24 * 0.36,
      size: 24,
      minSize: 18,
      weight: 600,
      fill: colours.mist,
      anchor: 'end',
      maxWidth: 360,
    }),
    headline(P, headY, headSize, inner),
    text(sub, { x: P, y: subY, size: subSize, weight: 600, fill: colours.mist, maxWidth: inner }),
    points(items, P, listY, 28, columnWidth).markup,
    cta.markup,
    card(format.name, content, cardX, cardY, cardWidth, cardHeight),
  ].join('');
}

/** Google's 728x90 leaderboard: brand, two lines of copy, a button. */
function banner(format: AdFormat, content: AdContent): string {
  const { width: W, height: H } = format;
  const markSize = 44;
  const left = 16;
  const dividerX = 214;
  const copyX = dividerX + 18;
  const buttonWidth = 142;
  const buttonX = W - 16 - buttonWidth;
  const copyWidth = buttonX - 18 - copyX;
  const offer = content.offer;
  const second = offer
    ? [
        `${offer.label} · ${offer.period}`,
        `${offer.amount} ${offer.voucher.replace(' digital', '')} · ${offer.period}`,
        `${offer.amount} voucher · ${offer.period}`,
        `${offer.amount} voucher · ${offer.periodShort}`,
      ]
    : ['No auctions, no fees · Free collection · Paid the same day', 'No fees · Free collection · Paid the same day'];
  return [
    brand(left, H / 2, markSize, 19, dividerX - 14 - left, content.tradingName),
    `<path d="M${dividerX} 20V70" stroke="${colours.white}" stroke-opacity="0.2" stroke-width="1.5"/>`,
    text('Sell your car: free valuation in 24 hours', {
      x: copyX,
      y: 41,
      size: 21,
      weight: 800,
      fill: colours.white,
      maxWidth: copyWidth,
      minSize: 15,
    }),
    textFirstFitting(second, {
      x: copyX,
      y: 64,
      size: 14,
      weight: 600,
      fill: offer ? colours.plate : colours.mist,
      maxWidth: copyWidth,
      minSize: 11.5,
    }),
    `<rect x="${buttonX}" y="22" width="${buttonWidth}" height="46" rx="9" fill="${colours.plate}"/>`,
    text('Value my car', {
      x: buttonX + buttonWidth / 2,
      y: 45 + 17 * 0.36,
      size: 17,
      weight: 800,
      fill: colours.deep,
      anchor: 'middle',
      maxWidth: buttonWidth - 20,
    }),
  ].join('');
}
