import { chromium } from 'playwright-core';
import { readFileSync } from 'node:fs';
const seed = JSON.parse(readFileSync('/tmp/seed.json', 'utf8'));
const who = process.env.WHO ?? 'moderator';
const [name, value] = seed[who].cookie.split(/=(.*)/s);
const path = process.argv[2] ?? '/admin?tab=subgroups';
const tag = process.argv[3] ?? 'subgroups';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
for (const [w, h] of [[1280, 800], [820, 1180], [390, 844]]) {
  const context = await browser.newContext({ viewport: { width: w, height: h } });
  await context.addCookies([{ name, value, domain: 'localhost', path: '/' }]);
  const page = await context.newPage();
  await page.addInitScript((id) => localStorage.setItem('currentCommunityId', id), seed.communityId);
  await page.goto(`http://localhost:5093${path}`);
  await page.waitForTimeout(4000);
  if (process.argv[4]) { await page.getByText(process.argv[4]).first().scrollIntoViewIfNeeded(); await page.waitForTimeout(500); }
  const scrollW = await page.evaluate(() => document.documentElement.scrollWidth);
  console.log(w, 'scrollWidth', scrollW);
  await page.screenshot({ path: `/tmp/${tag}-${w}.png`, fullPage: false });
  await context.close();
}
await browser.close();
