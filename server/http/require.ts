import type { RequestHandler } from 'express';
import { unauthorized } from './errors';

/** Refuses a request without a signed-in user with 401. */
export const requireUser: RequestHandler = (req, _res, next) => {
  if (!req.user) throw unauthorized();
  next();
};
