import type express from 'express';

/** One route the app answers: its method (upper case) and its path as declared ('/api/questions/:id'). */
export interface DeclaredRoute {
  method: string;
  path: string;
  /** 'GET /api/questions/:id': how the tests name a route. */
  key: string;
}

interface Layer {
  route?: { path: unknown; methods: Record<string, boolean> };
  handle?: { stack?: Layer[] };
  rawPath?: unknown;
}

/**
 * Every route of the app, read from Express's own router (app.router.stack, recursing into the routers
 * mounted with app.use), so a route added later shows up here without anyone listing it.
 */
export function declaredRoutes(app: express.Express): DeclaredRoute[] {
  const found: DeclaredRoute[] = [];
  const visit = (stack: Layer[], prefix: string) => {
    for (const layer of stack) {
      if (layer.route) {
        const paths = Array.isArray(layer.route.path) ? layer.route.path : [layer.route.path];
        for (const path of paths) {
          if (typeof path !== 'string') throw new Error(`A route declared with a pattern that is not a string: ${String(path)}`);
          for (const [method, on] of Object.entries(layer.route.methods)) {
            if (!on || method === '_all') continue;
            const full = `${prefix}${path}`;
            found.push({ method: method.toUpperCase(), path: full, key: `${method.toUpperCase()} ${full}` });
          }
        }
      } else if (layer.handle?.stack) {
        const mount = typeof layer.rawPath === 'string' && layer.rawPath !== '/' ? layer.rawPath : '';
        visit(layer.handle.stack, `${prefix}${mount}`);
      }
    }
  };
  const router = (app as unknown as { router?: { stack: Layer[] } }).router;
  if (!router) throw new Error('The app has no router (Express 5 keeps it on app.router)');
  visit(router.stack, '');
  return found;
}

/** The API's routes (under /api/), each once, in declaration order. */
export function apiRoutes(app: express.Express): DeclaredRoute[] {
  const seen = new Set<string>();
  return declaredRoutes(app).filter((route) => route.path.startsWith('/api/') && !seen.has(route.key) && seen.add(route.key));
}
