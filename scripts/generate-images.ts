/**
 * Generates the static PNG (and one WebP) images that the API server serves from apps/server/public/images:
 *
 *   bank-png/{CODE}.png   128×128 round badge per bank in BANKS (brand colour + short monogram)
 *   reward/*.png          400×400 product cards for the redeemable rewards (dark-and-gold)
 *   banner/event-point.png 1200×600 home-page "EVENT POINT" promotion banner
 *   banner/event-point-art.png the same art without its words (the web app writes them in each language),
 *                         and as event-point-art.webp, 720 wide: what the home page loads
 *   games/*.png           480×320 cards of the game chooser (play modal)
 *
 * Every image is drawn as an SVG string and rasterised with sharp (librsvg), then written as a
 * palette PNG to keep the files small. Text uses only Latin letters/digits in DejaVu Sans (falls
 * back to the generic sans-serif), so no glyph is missing on a plain Debian machine. The output is
 * deterministic: no clocks, no Math.random (decorations use a fixed-seed PRNG).
 *
 * Run from the repository root:
 *   node --import tsx scripts/generate-images.ts
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { BANKS } from '../packages/contracts/src/banks.ts';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const OUT = join(ROOT, 'apps/server/public/images');
const FONT = "'DejaVu Sans', sans-serif";
const FONT_CONDENSED = "'DejaVu Sans Condensed', 'DejaVu Sans', sans-serif";

// ---------------------------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------------------------

function esc(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

function svgDoc(width: number, height: number, defs: string, body: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}"><defs>${defs}</defs>${body}</svg>`;
}

interface PngOptions {
  /** libimagequant quality (0–100): lower means fewer palette entries and a smaller file. */
  quality?: number;
  /** Floyd–Steinberg dithering level (0–1); 0 keeps large gradients compressible. */
  dither?: number;
}

async function writePng(file: string, svg: string, options: PngOptions = {}): Promise<void> {
  const buffer = await sharp(Buffer.from(svg))
    .png({
      palette: true,
      quality: options.quality ?? 90,
      dither: options.dither ?? 1,
      effort: 10,
      compressionLevel: 9,
    })
    .toBuffer();
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, buffer);
  console.log(`${relative(ROOT, file).padEnd(52)} ${String(buffer.length).padStart(7)} bytes`);
}

async function writeWebp(file: string, svg: string, options: { width: number; quality: number }): Promise<void> {
  const buffer = await sharp(Buffer.from(svg))
    .resize(options.width)
    .webp({ quality: options.quality, effort: 6 })
    .toBuffer();
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, buffer);
  console.log(`${relative(ROOT, file).padEnd(52)} ${String(buffer.length).padStart(7)} bytes`);
}

/** Small deterministic PRNG (mulberry32) for decoration placement. */
function prng(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const r1 = (n: number): string => (Math.round(n * 10) / 10).toString();

function hexToRgb(hex: string): [number, number, number] {
  const value = Number.parseInt(hex.replace('#', ''), 16);
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255];
}

function rgbToHex([r, g, b]: [number, number, number]): string {
  const part = (n: number): string =>
    Math.max(0, Math.min(255, Math.round(n)))
      .toString(16)
      .padStart(2, '0');
  return `#${part(r)}${part(g)}${part(b)}`;
}

/** Mixes a colour towards white (amount > 0) or black (amount < 0). */
function shade(hex: string, amount: number): string {
  const [r, g, b] = hexToRgb(hex);
  const target = amount > 0 ? 255 : 0;
  const k = Math.abs(amount);
  return rgbToHex([r + (target - r) * k, g + (target - g) * k, b + (target - b) * k]);
}

function luminance(hex: string): number {
  const channel = (c: number): number => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  const [r, g, b] = hexToRgb(hex);
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

/** Four-pointed sparkle star. */
function sparkle(cx: number, cy: number, r: number, fill: string, opacity = 1): string {
  const w = r * 0.22;
  return `<path d="M${r1(cx)} ${r1(cy - r)} Q${r1(cx + w)} ${r1(cy - w)} ${r1(cx + r)} ${r1(cy)} Q${r1(cx + w)} ${r1(cy + w)} ${r1(cx)} ${r1(cy + r)} Q${r1(cx - w)} ${r1(cy + w)} ${r1(cx - r)} ${r1(cy)} Q${r1(cx - w)} ${r1(cy - w)} ${r1(cx)} ${r1(cy - r)} Z" fill="${fill}" opacity="${opacity}"/>`;
}

/** Gradients shared by the reward cards and the banner. */
const GOLD_DEFS = `
<linearGradient id="gold" x1="0" y1="0" x2="1" y2="1">
  <stop offset="0" stop-color="#fff4b8"/><stop offset="0.35" stop-color="#f7cf4f"/>
  <stop offset="0.7" stop-color="#d39b1c"/><stop offset="1" stop-color="#9a6a0a"/>
</linearGradient>
<linearGradient id="goldRev" x1="1" y1="1" x2="0" y2="0">
  <stop offset="0" stop-color="#ffe98a"/><stop offset="0.5" stop-color="#d9a326"/><stop offset="1" stop-color="#8a5c06"/>
</linearGradient>
<linearGradient id="goldText" x1="0" y1="0" x2="0" y2="1">
  <stop offset="0" stop-color="#fff6cc"/><stop offset="0.45" stop-color="#ffd864"/>
  <stop offset="0.55" stop-color="#e8ab2a"/><stop offset="1" stop-color="#b57a10"/>
</linearGradient>
<linearGradient id="goldSide" x1="0" y1="0" x2="1" y2="0">
  <stop offset="0" stop-color="#8a5c06"/><stop offset="0.3" stop-color="#e2b23a"/>
  <stop offset="0.6" stop-color="#c08a18"/><stop offset="1" stop-color="#6e4804"/>
</linearGradient>`;

/** A flat, face-on gold coin with an optional label (and small caption under it). */
function coin(cx: number, cy: number, r: number, label = '', sub = ''): string {
  const parts = [
    `<circle cx="${cx}" cy="${cy + r * 0.06}" r="${r}" fill="#5a3a02"/>`,
    `<circle cx="${cx}" cy="${cy}" r="${r}" fill="url(#gold)"/>`,
    `<circle cx="${cx}" cy="${cy}" r="${r1(r * 0.86)}" fill="url(#goldRev)"/>`,
    `<circle cx="${cx}" cy="${cy}" r="${r1(r * 0.8)}" fill="url(#gold)"/>`,
    `<circle cx="${cx}" cy="${cy}" r="${r1(r * 0.74)}" fill="none" stroke="#a8740e" stroke-width="${r1(r * 0.025)}" stroke-dasharray="${r1(r * 0.04)} ${r1(r * 0.05)}"/>`,
  ];
  if (label) {
    const size = r * (label.length > 2 ? 0.62 : 0.8);
    const y = sub ? cy + size * 0.22 : cy + size * 0.36;
    parts.push(
      `<text x="${cx}" y="${r1(y + r * 0.025)}" font-family="${FONT}" font-weight="bold" font-size="${r1(size)}" text-anchor="middle" fill="#fff5c4" opacity="0.8">${esc(label)}</text>`,
      `<text x="${cx}" y="${r1(y)}" font-family="${FONT}" font-weight="bold" font-size="${r1(size)}" text-anchor="middle" fill="#7a4e02">${esc(label)}</text>`,
    );
    if (sub) {
      parts.push(
        `<text x="${cx}" y="${r1(y + r * 0.36)}" font-family="${FONT}" font-weight="bold" font-size="${r1(r * 0.2)}" letter-spacing="${r1(r * 0.03)}" text-anchor="middle" fill="#7a4e02">${esc(sub)}</text>`,
      );
    }
  }
  return parts.join('');
}

/** A stack of gold coins seen from slightly above; `baseY` is the bottom of the stack. */
function coinStack(cx: number, baseY: number, count: number, rx: number): string {
  const ry = rx * 0.32;
  const h = rx * 0.2;
  const parts: string[] = [];
  for (let i = 0; i < count; i++) {
    const y = baseY - ry - i * h;
    const dx = ((i * 7) % 5) - 2;
    const x = cx + dx;
    parts.push(
      `<path d="M${r1(x - rx)} ${r1(y - h)} L${r1(x - rx)} ${r1(y)} A${rx} ${r1(ry)} 0 0 0 ${r1(x + rx)} ${r1(y)} L${r1(x + rx)} ${r1(y - h)} Z" fill="url(#goldSide)" stroke="#6e4804" stroke-width="1"/>`,
      `<ellipse cx="${r1(x)}" cy="${r1(y - h)}" rx="${rx}" ry="${r1(ry)}" fill="url(#gold)" stroke="#a8740e" stroke-width="1"/>`,
      `<ellipse cx="${r1(x)}" cy="${r1(y - h)}" rx="${r1(rx * 0.72)}" ry="${r1(ry * 0.72)}" fill="none" stroke="#b98414" stroke-width="1.5"/>`,
    );
  }
  return parts.join('');
}

// ---------------------------------------------------------------------------------------------
// Bank badges
// ---------------------------------------------------------------------------------------------

/** Monograms shown on the badges (2–5 letters so they stay legible at 24–32 px). */
const BANK_LABELS: Record<string, string> = {
  KBANK: 'K+',
  CIMBT: 'CIMB',
  UOBT: 'UOB',
  LHBANK: 'LH',
  ICBCT: 'ICBC',
  SCBT: 'SC',
};

function bankBadge(code: string, color: string): string {
  const label = BANK_LABELS[code] ?? code;
  const light = luminance(color) > 0.45;
  const ink = light ? shade(color, -0.72) : '#ffffff';
  const size = label.length <= 2 ? 50 : label.length === 3 ? 40 : label.length === 4 ? 31 : 26;
  const family = label.length >= 5 ? FONT_CONDENSED : FONT;
  const defs = `
<linearGradient id="face" x1="0" y1="0" x2="0" y2="1">
  <stop offset="0" stop-color="${shade(color, 0.22)}"/><stop offset="1" stop-color="${shade(color, -0.22)}"/>
</linearGradient>
<linearGradient id="ring" x1="0" y1="0" x2="0" y2="1">
  <stop offset="0" stop-color="${shade(color, -0.05)}"/><stop offset="1" stop-color="${shade(color, -0.45)}"/>
</linearGradient>
<linearGradient id="gloss" x1="0" y1="0" x2="0" y2="1">
  <stop offset="0" stop-color="#ffffff" stop-opacity="0.38"/><stop offset="1" stop-color="#ffffff" stop-opacity="0"/>
</linearGradient>`;
  const shadowInk = light ? '#ffffff' : '#000000';
  const body = [
    `<circle cx="64" cy="64" r="62" fill="url(#ring)"/>`,
    `<circle cx="64" cy="64" r="55" fill="url(#face)"/>`,
    `<circle cx="64" cy="64" r="55" fill="none" stroke="#ffffff" stroke-opacity="0.55" stroke-width="2"/>`,
    `<path d="M17 58 A47 47 0 0 1 111 58 Q64 44 17 58 Z" fill="url(#gloss)"/>`,
    `<text x="64" y="${r1(64 + size * 0.36 + 1.5)}" font-family="${family}" font-weight="bold" font-size="${size}" text-anchor="middle" fill="${shadowInk}" fill-opacity="0.25">${esc(label)}</text>`,
    `<text x="64" y="${r1(64 + size * 0.36)}" font-family="${family}" font-weight="bold" font-size="${size}" text-anchor="middle" fill="${ink}">${esc(label)}</text>`,
  ].join('');
  return svgDoc(128, 128, defs, body);
}

// ---------------------------------------------------------------------------------------------
// Reward cards
// ---------------------------------------------------------------------------------------------

function rewardCard(caption: string, art: string, extraDefs = ''): string {
  const defs = `${GOLD_DEFS}
<radialGradient id="cardBg" cx="0.5" cy="0.42" r="0.75">
  <stop offset="0" stop-color="#3a2a0c"/><stop offset="0.45" stop-color="#1a140b"/><stop offset="1" stop-color="#09080b"/>
</radialGradient>
<radialGradient id="halo" cx="0.5" cy="0.5" r="0.5">
  <stop offset="0" stop-color="#ffcf4a" stop-opacity="0.45"/><stop offset="1" stop-color="#ffcf4a" stop-opacity="0"/>
</radialGradient>
<linearGradient id="plate" x1="0" y1="0" x2="0" y2="1">
  <stop offset="0" stop-color="#000000" stop-opacity="0"/><stop offset="1" stop-color="#000000" stop-opacity="0.65"/>
</linearGradient>${extraDefs}`;
  const rays: string[] = [];
  for (let i = 0; i < 12; i++) {
    const a = (i * 30 * Math.PI) / 180;
    const b = a + (9 * Math.PI) / 180;
    rays.push(
      `M200 170 L${r1(200 + 320 * Math.cos(a))} ${r1(170 + 320 * Math.sin(a))} L${r1(200 + 320 * Math.cos(b))} ${r1(170 + 320 * Math.sin(b))} Z`,
    );
  }
  const body = [
    `<rect width="400" height="400" fill="url(#cardBg)"/>`,
    `<path d="${rays.join(' ')}" fill="#ffd36a" opacity="0.05"/>`,
    `<circle cx="200" cy="170" r="150" fill="url(#halo)"/>`,
    sparkle(58, 62, 12, '#ffe9a8', 0.9),
    sparkle(345, 90, 8, '#ffe9a8', 0.8),
    sparkle(330, 270, 10, '#ffe9a8', 0.7),
    sparkle(70, 250, 7, '#ffe9a8', 0.6),
    art,
    `<rect x="0" y="300" width="400" height="100" fill="url(#plate)"/>`,
    `<line x1="120" y1="332" x2="280" y2="332" stroke="url(#gold)" stroke-width="1.5" opacity="0.7"/>`,
    `<text x="200" y="368" font-family="${FONT}" font-weight="bold" font-size="26" letter-spacing="1" text-anchor="middle" fill="#000000" opacity="0.5">${esc(caption)}</text>`,
    `<text x="200" y="366" font-family="${FONT}" font-weight="bold" font-size="26" letter-spacing="1" text-anchor="middle" fill="url(#goldText)">${esc(caption)}</text>`,
    `<rect x="8" y="8" width="384" height="384" rx="22" fill="none" stroke="url(#gold)" stroke-width="3"/>`,
    `<rect x="15" y="15" width="370" height="370" rx="17" fill="none" stroke="#f7cf4f" stroke-opacity="0.25" stroke-width="1"/>`,
  ].join('');
  return svgDoc(400, 400, defs, body);
}

function creditArt(amount: number): string {
  if (amount < 500) {
    return [coinStack(112, 292, 4, 42), coinStack(292, 292, 6, 42), coin(200, 170, 108, String(amount), 'THB')].join(
      '',
    );
  }
  return [
    coinStack(80, 296, 5, 40),
    coinStack(320, 296, 7, 40),
    coinStack(140, 300, 3, 40),
    coinStack(262, 300, 4, 40),
    coin(200, 165, 112, String(amount), 'THB'),
    sparkle(118, 92, 14, '#ffffff', 0.9),
    sparkle(292, 232, 10, '#ffffff', 0.8),
  ].join('');
}

function necklaceArt(): string {
  const links: string[] = [];
  const cx = 200;
  const cy = 128;
  const rx = 112;
  const ry = 100;
  const n = 64;
  for (let i = 0; i < n; i++) {
    const t = (i / n) * Math.PI * 2;
    // Leave a small gap at the bottom for the pendant bail.
    if (Math.abs(t - Math.PI / 2) < 0.07) continue;
    const x = cx + rx * Math.cos(t);
    const y = cy + ry * Math.sin(t);
    const angle = (Math.atan2(ry * Math.cos(t), -rx * Math.sin(t)) * 180) / Math.PI;
    const flat = i % 2 === 0;
    links.push(
      `<ellipse cx="${r1(x)}" cy="${r1(y)}" rx="7.5" ry="${flat ? 4.2 : 2}" transform="rotate(${r1(angle)} ${r1(x)} ${r1(y)})" fill="none" stroke="${flat ? 'url(#gold)' : '#b98414'}" stroke-width="${flat ? 2.6 : 2.2}"/>`,
    );
  }
  const py = cy + ry;
  const pendant = [
    // bail
    `<ellipse cx="200" cy="${py + 6}" rx="6" ry="9" fill="none" stroke="url(#gold)" stroke-width="3.5"/>`,
    // drop-shaped pendant
    `<path d="M200 ${py + 14} C228 ${py + 36} 238 ${py + 56} 232 ${py + 70} C226 ${py + 86} 174 ${py + 86} 168 ${py + 70} C162 ${py + 56} 172 ${py + 36} 200 ${py + 14} Z" fill="url(#gold)" stroke="#8a5c06" stroke-width="2"/>`,
    `<path d="M200 ${py + 28} C218 ${py + 43} 224 ${py + 57} 219 ${py + 67} C214 ${py + 77} 186 ${py + 77} 181 ${py + 67} C176 ${py + 57} 182 ${py + 43} 200 ${py + 28} Z" fill="url(#ruby)" stroke="#fff0b0" stroke-width="1.5"/>`,
    `<path d="M192 ${py + 44} L198 ${py + 38} L200 ${py + 52} Z" fill="#ffffff" opacity="0.7"/>`,
    sparkle(224, py + 34, 9, '#ffffff', 0.95),
    sparkle(118, 70, 10, '#ffffff', 0.9),
  ];
  return `<ellipse cx="200" cy="${py + 50}" rx="80" ry="10" fill="#000000" opacity="0.35"/>${links.join('')}${pendant.join('')}`;
}

const RUBY_DEFS = `
<radialGradient id="ruby" cx="0.4" cy="0.35" r="0.7">
  <stop offset="0" stop-color="#ff7a8a"/><stop offset="0.5" stop-color="#d6113a"/><stop offset="1" stop-color="#6d0419"/>
</radialGradient>`;

function smartphoneArt(): string {
  const icons: string[] = [];
  const colors = [
    '#ff5f6d',
    '#ffc371',
    '#47e3a0',
    '#3fa9f5',
    '#a16bff',
    '#ffd54a',
    '#ff8a3d',
    '#2ed1d1',
    '#f06bd0',
    '#7fd34a',
    '#ffffff',
    '#5b8cff',
  ];
  for (let row = 0; row < 3; row++) {
    for (let col = 0; col < 4; col++) {
      const x = 156 + col * 24;
      const y = 118 + row * 28;
      const c = colors[row * 4 + col] ?? '#ffffff';
      icons.push(`<rect x="${x}" y="${y}" width="17" height="17" rx="5" fill="${c}" opacity="0.92"/>`);
    }
  }
  return `<g transform="rotate(-10 200 170)">
<rect x="140" y="52" width="130" height="252" rx="22" fill="#000000" opacity="0.4" transform="translate(8 8)"/>
<rect x="130" y="38" width="140" height="268" rx="24" fill="url(#gold)"/>
<rect x="134" y="42" width="132" height="260" rx="21" fill="#101014"/>
<rect x="140" y="48" width="120" height="248" rx="16" fill="url(#screen)"/>
<rect x="182" y="56" width="36" height="10" rx="5" fill="#050507"/>
<text x="200" y="94" font-family="${FONT}" font-weight="bold" font-size="18" text-anchor="middle" fill="#ffffff">12:30</text>
${icons.join('')}
<rect x="152" y="252" width="96" height="30" rx="12" fill="#ffffff" opacity="0.18"/>
<rect x="160" y="259" width="16" height="16" rx="5" fill="#47e3a0"/><rect x="184" y="259" width="16" height="16" rx="5" fill="#3fa9f5"/>
<rect x="208" y="259" width="16" height="16" rx="5" fill="#ffd54a"/><rect x="232" y="259" width="8" height="16" rx="4" fill="#ff5f6d"/>
<path d="M140 64 Q140 48 156 48 L214 48 L140 200 Z" fill="#ffffff" opacity="0.08"/>
<rect x="126" y="96" width="4" height="26" rx="2" fill="#b98414"/><rect x="126" y="130" width="4" height="26" rx="2" fill="#b98414"/>
<rect x="270" y="110" width="4" height="40" rx="2" fill="#b98414"/>
</g>${sparkle(292, 72, 12, '#ffffff', 0.9)}`;
}

const SCREEN_DEFS = `
<linearGradient id="screen" x1="0" y1="0" x2="0.6" y2="1">
  <stop offset="0" stop-color="#2b1458"/><stop offset="0.55" stop-color="#8a2f7a"/><stop offset="1" stop-color="#f0a83a"/>
</linearGradient>`;

function earbudsArt(): string {
  const bud = (x: number, y: number, mirror: boolean): string => {
    const s = mirror ? -1 : 1;
    return `<g transform="translate(${x} ${y}) scale(${s} 1) rotate(-18)">
<rect x="-9" y="10" width="22" height="84" rx="11" fill="url(#white)" stroke="#9a9aa8" stroke-width="1.2"/>
<rect x="-6" y="80" width="16" height="12" rx="6" fill="#c9c9d2"/>
<ellipse cx="0" cy="0" rx="34" ry="30" fill="url(#white)" stroke="#9a9aa8" stroke-width="1.2"/>
<ellipse cx="-12" cy="-2" rx="14" ry="15" fill="#2a2a33"/>
<ellipse cx="-14" cy="-6" rx="6" ry="5" fill="#ffffff" opacity="0.25"/>
<ellipse cx="12" cy="-14" rx="10" ry="6" fill="#ffffff" opacity="0.9"/>
</g>`;
  };
  return `
<ellipse cx="200" cy="298" rx="100" ry="10" fill="#000000" opacity="0.45"/>
<rect x="120" y="196" width="160" height="100" rx="44" fill="url(#white)" stroke="#9a9aa8" stroke-width="1.5"/>
<path d="M121 228 L279 228" stroke="#b3b3be" stroke-width="2"/>
<rect x="124" y="186" width="152" height="40" rx="20" fill="url(#whiteDark)" stroke="#9a9aa8" stroke-width="1.5"/>
<ellipse cx="166" cy="206" rx="24" ry="9" fill="#3a3a44"/><ellipse cx="234" cy="206" rx="24" ry="9" fill="#3a3a44"/>
<circle cx="200" cy="262" r="4" fill="#47e3a0"/>
<rect x="186" y="284" width="28" height="5" rx="2.5" fill="#c0c0ca"/>
${bud(148, 108, false)}${bud(252, 108, true)}
${sparkle(200, 76, 12, '#ffffff', 0.9)}`;
}

const WHITE_DEFS = `
<linearGradient id="white" x1="0" y1="0" x2="1" y2="1">
  <stop offset="0" stop-color="#ffffff"/><stop offset="0.6" stop-color="#eeeef3"/><stop offset="1" stop-color="#c4c4ce"/>
</linearGradient>
<linearGradient id="whiteDark" x1="0" y1="0" x2="0" y2="1">
  <stop offset="0" stop-color="#dcdce4"/><stop offset="1" stop-color="#f7f7fa"/>
</linearGradient>`;

function jerseyArt(): string {
  const shape =
    'M160 52 L116 66 L62 104 L86 164 L122 146 L122 298 Q200 310 278 298 L278 146 L314 164 L338 104 L284 66 L240 52 Q200 92 160 52 Z';
  return `
<ellipse cx="200" cy="304" rx="96" ry="9" fill="#000000" opacity="0.45"/>
<clipPath id="jerseyClip"><path d="${shape}"/></clipPath>
<path d="${shape}" fill="url(#jersey)"/>
<g clip-path="url(#jerseyClip)">
  <rect x="150" y="40" width="14" height="280" fill="#ffffff" opacity="0.12"/>
  <rect x="236" y="40" width="14" height="280" fill="#ffffff" opacity="0.12"/>
  <path d="M62 104 L86 164 L96 159 L72 100 Z" fill="url(#gold)"/>
  <path d="M338 104 L314 164 L304 159 L328 100 Z" fill="url(#gold)"/>
  <rect x="100" y="286" width="200" height="20" fill="#000000" opacity="0.15"/>
</g>
<path d="M160 52 Q200 92 240 52 L232 50 Q200 80 168 50 Z" fill="url(#gold)"/>
<path d="${shape}" fill="none" stroke="#4a0610" stroke-width="2"/>
<path d="M122 146 L122 298" stroke="#000000" stroke-opacity="0.2" stroke-width="2"/>
<path d="M278 146 L278 298" stroke="#000000" stroke-opacity="0.2" stroke-width="2"/>
<circle cx="240" cy="112" r="11" fill="url(#gold)" stroke="#8a5c06" stroke-width="1"/>
<path d="M234 108 L240 104 L246 108 L244 117 L236 117 Z" fill="#8a5c06"/>
<text x="201" y="243" font-family="${FONT}" font-weight="bold" font-size="92" text-anchor="middle" fill="#4a0610" opacity="0.6">10</text>
<text x="200" y="240" font-family="${FONT}" font-weight="bold" font-size="92" text-anchor="middle" fill="#ffffff" stroke="url(#gold)" stroke-width="3">10</text>
<path d="M116 66 L160 52 Q172 64 184 70 L130 140 Z" fill="#ffffff" opacity="0.07"/>
${sparkle(92, 220, 10, '#ffffff', 0.8)}`;
}

const JERSEY_DEFS = `
<linearGradient id="jersey" x1="0" y1="0" x2="0.4" y2="1">
  <stop offset="0" stop-color="#e8243e"/><stop offset="0.6" stop-color="#b50f28"/><stop offset="1" stop-color="#7c0818"/>
</linearGradient>`;

// ---------------------------------------------------------------------------------------------
// Game chooser cards
// ---------------------------------------------------------------------------------------------

/** A 480×320 card of the game chooser: dark stage, the game's art, its name on a gold-lined plate. */
function gameCard(title: string, caption: string, art: string, tint: string): string {
  const defs = `${GOLD_DEFS}
<radialGradient id="stageBg" cx="0.5" cy="0.4" r="0.8">
  <stop offset="0" stop-color="${tint}"/><stop offset="0.6" stop-color="${shade(tint, -0.7)}"/><stop offset="1" stop-color="#07070a"/>
</radialGradient>
<linearGradient id="plate" x1="0" y1="0" x2="0" y2="1">
  <stop offset="0" stop-color="#000000" stop-opacity="0"/><stop offset="1" stop-color="#000000" stop-opacity="0.75"/>
</linearGradient>`;
  const body = [
    `<rect width="480" height="320" fill="url(#stageBg)"/>`,
    art,
    `<rect x="0" y="212" width="480" height="108" fill="url(#plate)"/>`,
    `<text x="240" y="268" font-family="${FONT}" font-weight="bold" font-size="44" letter-spacing="3" text-anchor="middle" fill="url(#goldText)" stroke="#2a1702" stroke-width="1">${esc(title)}</text>`,
    `<text x="240" y="298" font-family="${FONT}" font-size="20" letter-spacing="2" text-anchor="middle" fill="#f6ead0">${esc(caption)}</text>`,
    `<rect x="5" y="5" width="470" height="310" rx="20" fill="none" stroke="url(#gold)" stroke-width="3"/>`,
  ].join('');
  return svgDoc(480, 320, defs, body);
}

/** A football on a pitch's centre circle. */
function sportsArt(): string {
  const patches: string[] = [];
  for (let i = 0; i < 5; i++) {
    const a = ((i * 72 - 90) * Math.PI) / 180;
    const x = 240 + 46 * Math.cos(a);
    const y = 120 + 46 * Math.sin(a);
    patches.push(`<circle cx="${r1(x)}" cy="${r1(y)}" r="15" fill="#17171c"/>`);
  }
  return `
<ellipse cx="240" cy="200" rx="200" ry="34" fill="none" stroke="#ffffff" stroke-opacity="0.25" stroke-width="3"/>
<line x1="40" y1="200" x2="440" y2="200" stroke="#ffffff" stroke-opacity="0.2" stroke-width="3"/>
<ellipse cx="246" cy="196" rx="64" ry="10" fill="#000000" opacity="0.45"/>
<circle cx="240" cy="120" r="72" fill="#fafafa" stroke="#17171c" stroke-width="3"/>
<polygon points="240,98 261,113 253,138 227,138 219,113" fill="#17171c"/>
${patches.join('')}
<path d="M196 78 Q222 58 262 62" stroke="#ffffff" stroke-width="6" fill="none" opacity="0.6"/>
${sparkle(352, 70, 16, '#ffe9a8', 0.9)}${sparkle(118, 96, 11, '#ffe9a8', 0.8)}`;
}

/** Three slot reels showing 7 7 7. */
function slotsArt(): string {
  const reels = [150, 240, 330]
    .map(
      (x) =>
        `<rect x="${x - 40}" y="52" width="80" height="130" rx="14" fill="#fffaf0" stroke="url(#gold)" stroke-width="5"/>` +
        `<text x="${x}" y="150" font-family="${FONT}" font-weight="bold" font-size="86" text-anchor="middle" fill="#c8102e">7</text>`,
    )
    .join('');
  return `
<rect x="92" y="36" width="296" height="162" rx="24" fill="#1a0b12" stroke="url(#gold)" stroke-width="4"/>
${reels}
<line x1="100" y1="117" x2="380" y2="117" stroke="#c8102e" stroke-width="3" opacity="0.5"/>
${coin(70, 170, 28, 'W')}${coin(414, 78, 24, 'C')}
${sparkle(420, 176, 14, '#ffe9a8', 0.9)}${sparkle(64, 60, 12, '#ffe9a8', 0.8)}`;
}

// ---------------------------------------------------------------------------------------------
// Event banner
// ---------------------------------------------------------------------------------------------

/**
 * The event banner. With `words` false it is the art alone (event-point-art.png):
 * the web app writes the title, the line below it and the button over it in the
 * player's language, as real text in its own fonts.
 */
function eventBanner(words = true): string {
  const W = 1200;
  const H = 600;
  const ox = 600;
  const oy = 250;
  const rand = prng(20240601);
  const defs = `${GOLD_DEFS}
<linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">
  <stop offset="0" stop-color="#0b0a10"/><stop offset="0.5" stop-color="#17110a"/><stop offset="1" stop-color="#0a0807"/>
</linearGradient>
<radialGradient id="glow" cx="${ox}" cy="${oy}" r="560" gradientUnits="userSpaceOnUse">
  <stop offset="0" stop-color="#ffbf3a" stop-opacity="0.42"/><stop offset="0.45" stop-color="#c8820e" stop-opacity="0.14"/>
  <stop offset="1" stop-color="#c8820e" stop-opacity="0"/>
</radialGradient>
<radialGradient id="rayFade" cx="${ox}" cy="${oy}" r="720" gradientUnits="userSpaceOnUse">
  <stop offset="0" stop-color="#ffe08a" stop-opacity="0"/><stop offset="0.12" stop-color="#ffe08a" stop-opacity="0.2"/><stop offset="1" stop-color="#ffe08a" stop-opacity="0"/>
</radialGradient>
<linearGradient id="stage" x1="0" y1="0" x2="1" y2="0">
  <stop offset="0" stop-color="#f7cf4f" stop-opacity="0"/><stop offset="0.5" stop-color="#ffe7a0" stop-opacity="1"/>
  <stop offset="1" stop-color="#f7cf4f" stop-opacity="0"/>
</linearGradient>
<linearGradient id="btn" x1="0" y1="0" x2="0" y2="1">
  <stop offset="0" stop-color="#ffe27a"/><stop offset="0.5" stop-color="#f2b52c"/><stop offset="1" stop-color="#b77a0c"/>
</linearGradient>
<filter id="blur8" x="-20%" y="-50%" width="140%" height="200%"><feGaussianBlur stdDeviation="8"/></filter>
<filter id="blur3" x="-20%" y="-50%" width="140%" height="200%"><feGaussianBlur stdDeviation="3"/></filter>`;

  const rays: string[] = [];
  for (let i = 0; i < 28; i++) {
    const a = ((i * 360) / 28) * (Math.PI / 180);
    const b = a + 5.5 * (Math.PI / 180);
    rays.push(
      `M${ox} ${oy} L${r1(ox + 900 * Math.cos(a))} ${r1(oy + 900 * Math.sin(a))} L${r1(ox + 900 * Math.cos(b))} ${r1(oy + 900 * Math.sin(b))} Z`,
    );
  }

  const stars: string[] = [];
  for (let i = 0; i < 34; i++) {
    const x = 30 + rand() * (W - 60);
    const y = 20 + rand() * (H - 40);
    const inTitle = x > 200 && x < 1000 && y > 140 && y < 470;
    const r = inTitle ? 3 + rand() * 4 : 4 + rand() * 10;
    stars.push(sparkle(x, y, r, rand() > 0.5 ? '#ffffff' : '#ffe08a', 0.35 + rand() * 0.6));
  }
  const dots: string[] = [];
  for (let i = 0; i < 40; i++) {
    const x = rand() * W;
    const y = rand() * H;
    dots.push(
      `<circle cx="${r1(x)}" cy="${r1(y)}" r="${r1(0.8 + rand() * 1.8)}" fill="#ffd87a" opacity="${r1(0.2 + rand() * 0.5)}"/>`,
    );
  }

  // A tilted, flying coin.
  const flying = (x: number, y: number, r: number, rot: number, squash: number): string =>
    `<g transform="translate(${x} ${y}) rotate(${rot}) scale(1 ${squash})">${coin(0, 0, r, 'P')}</g>`;

  const title = 'EVENT POINT';
  const subtitle = 'Earn points on every deposit \u2014 redeem for rewards';
  const wordsOfBanner = [
    // title with glow and shadow
    `<text x="600" y="250" font-family="${FONT}" font-weight="bold" font-size="120" letter-spacing="4" text-anchor="middle" fill="#ffb423" opacity="0.55" filter="url(#blur8)">${title}</text>`,
    `<text x="600" y="258" font-family="${FONT}" font-weight="bold" font-size="120" letter-spacing="4" text-anchor="middle" fill="#2a1702">${title}</text>`,
    `<text x="600" y="250" font-family="${FONT}" font-weight="bold" font-size="120" letter-spacing="4" text-anchor="middle" fill="url(#goldText)" stroke="#fff2b8" stroke-width="1.5">${title}</text>`,
    sparkle(945, 150, 22, '#ffffff', 0.95),
    sparkle(262, 262, 14, '#ffffff', 0.85),
    // divider + subtitle
    `<path d="M330 300 L560 300 M640 300 L870 300" stroke="url(#stage)" stroke-width="2"/>`,
    sparkle(600, 300, 10, '#ffe08a'),
    `<text x="600" y="350" font-family="${FONT}" font-size="29" text-anchor="middle" fill="#000000" opacity="0.6" filter="url(#blur3)">${esc(subtitle)}</text>`,
    `<text x="600" y="348" font-family="${FONT}" font-size="29" text-anchor="middle" fill="#f6ead0">${esc(subtitle)}</text>`,
    // call-to-action button
    `<rect x="466" y="398" width="268" height="66" rx="33" fill="#000000" opacity="0.5" filter="url(#blur8)"/>`,
    `<rect x="466" y="392" width="268" height="66" rx="33" fill="url(#btn)" stroke="#fff0b0" stroke-width="2"/>`,
    `<path d="M484 410 Q600 396 716 410 L716 416 Q600 404 484 416 Z" fill="#ffffff" opacity="0.35"/>`,
    `<text x="600" y="434" font-family="${FONT}" font-weight="bold" font-size="25" letter-spacing="3" text-anchor="middle" fill="#3a2200">REDEEM NOW</text>`,
  ];
  const body = [
    `<rect width="${W}" height="${H}" fill="url(#bg)"/>`,
    `<path d="${rays.join(' ')}" fill="url(#rayFade)"/>`,
    `<rect width="${W}" height="${H}" fill="url(#glow)"/>`,
    dots.join(''),
    // golden arcs ("stage") at the bottom
    `<ellipse cx="600" cy="660" rx="640" ry="150" fill="none" stroke="url(#stage)" stroke-width="3" opacity="0.8"/>`,
    `<ellipse cx="600" cy="680" rx="700" ry="150" fill="none" stroke="url(#stage)" stroke-width="1.5" opacity="0.5"/>`,
    `<ellipse cx="600" cy="640" rx="560" ry="130" fill="#f7b731" opacity="0.08" filter="url(#blur8)"/>`,
    // left coin cluster
    coinStack(92, 560, 7, 58),
    coinStack(196, 580, 4, 58),
    flying(150, 330, 50, -24, 0.8),
    flying(62, 170, 34, 30, 0.7),
    flying(250, 468, 30, 12, 0.85),
    // right cluster
    coinStack(1110, 560, 8, 58),
    coinStack(1004, 580, 5, 58),
    flying(1060, 310, 54, 20, 0.82),
    flying(1150, 140, 32, -30, 0.7),
    flying(952, 470, 28, -10, 0.85),
    stars.join(''),
    // header chip
    `<rect x="500" y="70" width="200" height="40" rx="20" fill="#000000" fill-opacity="0.45" stroke="url(#gold)" stroke-width="2"/>`,
    `<text x="600" y="97" font-family="${FONT}" font-weight="bold" font-size="18" letter-spacing="5" text-anchor="middle" fill="#ffd864">SIAM PLAY</text>`,
    ...(words ? wordsOfBanner : []),
    // outer frame
    `<rect x="6" y="6" width="${W - 12}" height="${H - 12}" rx="18" fill="none" stroke="url(#gold)" stroke-width="3" opacity="0.85"/>`,
  ].join('');
  return svgDoc(W, H, defs, body);
}

// ---------------------------------------------------------------------------------------------
// Main
// ---------------------------------------------------------------------------------------------

async function main(): Promise<void> {
  for (const bank of BANKS) {
    await writePng(join(OUT, 'bank-png', `${bank.code}.png`), bankBadge(bank.code, bank.color), { quality: 90 });
  }

  const rewards: Array<[string, string]> = [
    ['free-credit-100.png', rewardCard('Free credit 100', creditArt(100))],
    ['free-credit-500.png', rewardCard('Free credit 500', creditArt(500))],
    ['gold-necklace.png', rewardCard('Gold necklace', necklaceArt(), RUBY_DEFS)],
    ['smartphone.png', rewardCard('Smartphone', smartphoneArt(), SCREEN_DEFS)],
    ['earbuds.png', rewardCard('Wireless earbuds', earbudsArt(), WHITE_DEFS)],
    ['football-jersey.png', rewardCard('Football jersey', jerseyArt(), JERSEY_DEFS)],
  ];
  for (const [file, svg] of rewards) {
    await writePng(join(OUT, 'reward', file), svg, { quality: 80 });
  }

  await writePng(
    join(OUT, 'games', 'ufa-sports.png'),
    gameCard('UFA SPORTS', 'Football betting', sportsArt(), '#1f7a3a'),
    {
      quality: 85,
    },
  );
  await writePng(join(OUT, 'games', 'wc-slots.png'), gameCard('WC SLOTS', 'Spin and win', slotsArt(), '#7a1f4a'), {
    quality: 85,
  });

  await writePng(join(OUT, 'banner', 'event-point.png'), eventBanner(), { quality: 90, dither: 0 });
  await writePng(join(OUT, 'banner', 'event-point-art.png'), eventBanner(false), { quality: 90, dither: 0 });
  // What the home page shows (the largest thing a signed-in player's first screen paints): WebP at the
  // width it is drawn at on a phone's 2× screen, 17 KB instead of the PNG's 86 KB.
  await writeWebp(join(OUT, 'banner', 'event-point-art.webp'), eventBanner(false), { width: 720, quality: 75 });
}

await main();
