import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import express from 'express';
import request from 'supertest';
import { staticClient } from './client';

/*
 * /robots.txt is a real robots file (client/public/robots.txt, copied into the build by Vite), not the
 * app's index.html answered for an unknown path: an invitation-only app asks crawlers to stay out.
 */
const projectRoot = path.resolve(import.meta.dirname, '../..');
const clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'steadfast-robots-'));
afterAll(() => fs.rmSync(clientDir, { recursive: true, force: true }));

it('serves client/public/robots.txt as text, disallowing every path to every crawler', async () => {
  // What the build puts in dist/client: client/public's files beside index.html.
  fs.cpSync(path.join(projectRoot, 'client/public'), clientDir, { recursive: true });
  fs.writeFileSync(path.join(clientDir, 'index.html'), '<!doctype html><html><body><div id="root"></div></body></html>');
  const app = express().use(staticClient(clientDir));

  const response = await request(app).get('/robots.txt').expect(200);
  expect(response.headers['content-type']).toMatch(/^text\/plain/);
  expect(response.text).not.toContain('<div id="root">');
  const rules = response.text
    .split('\n')
    .map((line) => line.replace(/#.*/, '').trim())
    .filter(Boolean);
  expect(rules).toEqual(['User-agent: *', 'Disallow: /']);
});
