import fs from 'node:fs';
import path from 'node:path';
import express, { type RequestHandler, Router } from 'express';
import { type CatalogueFiles, sendIndex } from './page-session';

const NOT_FOUND_API = /^\/api(\/|$)/;
/** Source maps are never published, even if a build left one beside the assets. */
const SOURCE_MAP = /\.map$/i;

/**
 * Serves the built client: hashed assets cached for a year, index.html always revalidated, and for every client
 * route index.html with the signed-in visitor's session in it, never stored (page-session.ts). `/index.html` itself
 * stays the file as built: the service worker precaches it as the offline shell, which must name nobody.
 */
export function staticClient(clientDir: string): RequestHandler {
  const indexHtml = path.join(clientDir, 'index.html');
  if (!fs.existsSync(indexHtml)) throw new Error(`The client is not built (${indexHtml} is missing). Run "npm run build" first.`);
  const catalogues = catalogueFiles(clientDir);
  const router = Router();
  router.use((req, res, next) => {
    // Tested on the decoded path, as the static handler reads it ('.ma%70' is '.map').
    let path = req.path;
    try {
      path = decodeURIComponent(path);
    } catch {
      // A malformed escape names no file; the static handler refuses it.
    }
    if (!SOURCE_MAP.test(path)) return next();
    res.status(404).json({ message: 'Not found.', code: 'not_found' });
  });
  router.use(
    '/assets',
    express.static(path.join(clientDir, 'assets'), { immutable: true, maxAge: '365d', index: false, fallthrough: false }),
  );
  router.use(express.static(clientDir, { index: false, maxAge: 0, setHeaders: (res) => res.setHeader('Cache-Control', 'no-cache') }));
  router.get(/.*/, (req, res, next) => {
    if (NOT_FOUND_API.test(req.path)) return next();
    sendIndex(req, res, () => fs.promises.readFile(indexHtml, 'utf8'), () => res.sendFile(indexHtml), catalogues).catch(next);
  });
  return router;
}

/** Each language's catalogue chunk as the build named it, from Vite's manifest (`virtual:catalogue/<locale>`). */
export function catalogueFiles(clientDir: string): CatalogueFiles {
  const manifestFile = path.join(clientDir, '.vite', 'manifest.json');
  if (!fs.existsSync(manifestFile)) return {};
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as Record<string, { file: string; src?: string; name?: string }>;
  const files: CatalogueFiles = {};
  for (const chunk of Object.values(manifest)) {
    const locale = /virtual:catalogue\/([\w-]+)$/.exec(chunk.src ?? chunk.name ?? '')?.[1];
    if (locale) files[locale] = `/${chunk.file}`;
  }
  return files;
}

/** Development: Vite's middleware with hot reload, and index.html transformed for every route. */
export async function viteDevClient(root: string): Promise<RequestHandler> {
  const { createServer } = await import('vite');
  // The client's sources live in client/ (vite.config.ts's root): naming the project root here instead made
  // /src/main.tsx unresolvable, and the page stayed blank.
  const vite = await createServer({
    configFile: path.join(root, 'vite.config.ts'),
    root: path.join(root, 'client'),
    server: { middlewareMode: true },
    appType: 'custom',
  });
  const router = Router();
  router.use(vite.middlewares);
  router.get(/.*/, async (req, res, next) => {
    if (NOT_FOUND_API.test(req.path)) return next();
    try {
      const page = async () => vite.transformIndexHtml(req.originalUrl, await fs.promises.readFile(path.join(root, 'client/index.html'), 'utf8'));
      await sendIndex(req, res, page, () => void page().then((html) => res.type('html').send(html), next));
    } catch (error) {
      next(error);
    }
  });
  return router;
}
