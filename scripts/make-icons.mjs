// Renders the app's icons (web app manifest) from the flame mark in Chromium: `node scripts/make-icons.mjs`.
// Run again only when the mark changes; the PNGs are committed.
import path from 'node:path';
import { chromium } from '@playwright/test';

const out = path.resolve(import.meta.dirname, '../client/public/icons');
const flame = (scale) =>
  `<g transform="translate(${16 - 16 * scale} ${16 - 16 * scale}) scale(${scale})"><path d="M16 6c-3 4-6 6.5-6 10.5a6 6 0 0 0 12 0C22 12.5 19 10 16 6z" fill="#eebb4f"/><path d="M16 13c-1.4 2-2.8 3.2-2.8 5a2.8 2.8 0 0 0 5.6 0c0-1.8-1.4-3-2.8-5z" fill="#fdf7ea"/></g>`;
// 'any': the rounded tile of the favicon; 'maskable': a full-bleed square with the flame inside the safe zone (80 %).
const any = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="7" fill="#2c3785"/>${flame(1.25)}</svg>`;
const maskable = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" fill="#2c3785"/>${flame(1)}</svg>`;

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox'] });
for (const [name, svg, size] of [
  ['icon-192.png', any, 192],
  ['icon-512.png', any, 512],
  ['maskable-512.png', maskable, 512],
  ['apple-touch-icon.png', maskable, 180],
]) {
  const page = await browser.newPage({ viewport: { width: size, height: size } });
  await page.setContent(`<html><body style="margin:0;background:transparent">${svg.replace('<svg ', `<svg width="${size}" height="${size}" `)}</body></html>`);
  await page.screenshot({ path: path.join(out, name), omitBackground: true });
  await page.close();
}
await browser.close();
