import express, { type RequestHandler, Router } from 'express';
import { csvImportBody, csvPreviewBody } from '@shared/contracts/imports';
import type { Database } from '../../db/client';
import { inCommunity } from '../../http/community-context';
import { body } from '../../http/validate';
import * as importer from './import-service';
import * as imports from './service';

/** The two calls that carry a whole CSV file (at most CSV_MAX_CHARACTERS, ~2.5 MB as JSON). */
const IMPORT_PATHS = new Set(['/api/import/csv', '/api/import/csv/preview']);
const IMPORT_BODY_LIMIT = '3mb';

/**
 * Parses the JSON body of exactly the import calls with a larger limit than the app's 100 kB. Mounted before
 * the app's own JSON parser, which then leaves the parsed body alone; a body over the limit answers 413.
 */
export function importBodyParser(): RequestHandler {
  const parse = express.json({ limit: IMPORT_BODY_LIMIT });
  return (req, res, next) => {
    const path = `${req.baseUrl}${req.path}`.toLowerCase().replace(/\/+$/, '');
    if (req.method === 'POST' && IMPORT_PATHS.has(path)) parse(req, res, next);
    else next();
  };
}

export function importRoutes(db: Database, now: () => Date): Router {
  const router = Router();

  router.get('/api/export/csv', inCommunity(db, 'members:export'), async (req, res) => {
    res.json(await imports.exportMembers(db, req.community!, now()));
  });

  router.post('/api/import/csv/preview', inCommunity(db, 'import:run'), body(csvPreviewBody), async (req, res) => {
    res.json(await importer.previewCsv(db, req.community!, req.body.csvData));
  });

  router.post('/api/import/csv', inCommunity(db, 'import:run'), body(csvImportBody), async (req, res) => {
    res.json(await importer.importCsv(db, req.community!, req.body, now()));
  });

  return router;
}
