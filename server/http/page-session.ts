import type { Request, RequestHandler, Response } from 'express';
import { PAGE_SESSION_ELEMENT_ID, type PageSession, SIGNED_IN_CHECK_URL } from '@shared/contracts/session-check';
import type { SessionUser } from '../auth/passport';

/** Where pageSessionReader leaves its reader for the client handler (res.locals). */
const READER = 'readPageSession';

type Reader = () => Promise<PageSession | null>;

/**
 * Lets the client handler ask who is signed in, for index.html (issue 40 item 4), without the API's middleware:
 * the session is read (express-session, then Passport loads the user as for any API call) only when a page is
 * actually sent, so a static file or an asset reads nothing. Nothing is written: a visitor without a session
 * gets no cookie (saveUninitialized is off and nothing is put into the session), and a page is not counted as
 * activity (refreshOnActivity is not run: the calls the page then makes are the activity, each counted once).
 */
export function pageSessionReader(
  sessionHandler: RequestHandler,
  passportSession: RequestHandler,
  load: (user: SessionUser, req: Request) => Promise<PageSession>,
): RequestHandler {
  return (req, res, next) => {
    let reading: Promise<PageSession | null> | undefined;
    const read: Reader = () =>
      (reading ??= new Promise<void>((resolve, reject) => {
        sessionHandler(req, res, (sessionError?: unknown) => {
          if (sessionError) return reject(sessionError);
          void passportSession(req, res, (passportError?: unknown) => (passportError ? reject(passportError) : resolve()));
        });
      }).then(() => (req.user ? load(req.user, req) : null)));
    res.locals[READER] = read;
    next();
  };
}

/** The signed-in visitor's user and memberships, or null (signed out, or no reader mounted). */
export async function readPageSession(res: Response): Promise<PageSession | null> {
  const read = res.locals[READER] as Reader | undefined;
  return read ? read() : null;
}

/**
 * JSON that cannot end the script element it sits in, nor open a comment in it: `<`, `>` and `&` are written as
 * JSON escapes (`</script>`, `<!--` and `-->` cannot occur), and so are U+2028 and U+2029 (line breaks to older
 * JavaScript parsers). JSON.parse reads the escapes back as the same characters.
 */
export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

const SIGNED_IN_CHECK_PRELOAD = new RegExp(`<link\\b[^>]*\\bhref="${SIGNED_IN_CHECK_URL.replace(/[?.]/g, '\\$&')}"[^>]*>\\s*`);

/** The built file of each language's catalogue ('/assets/es-a1b2.js'), to preload the reader's with the page. */
export type CatalogueFiles = Partial<Record<string, string>>;

/**
 * index.html for a signed-in visitor: the session's tag in the head, the reader's catalogue preloaded (the first
 * screen waits for it: fetched only once the entry ran, it held the first paint back by a round trip), and without
 * the preload of "who is signed in?" (answered already; an unused preload costs a request and a console warning).
 */
export function personalisedIndex(html: string, session: PageSession, catalogues: CatalogueFiles = {}): string {
  const catalogue = catalogues[session.user.locale];
  const preload = catalogue ? `<link rel="modulepreload" crossorigin href="${catalogue}">\n` : '';
  const tag = `${preload}<script id="${PAGE_SESSION_ELEMENT_ID}" type="application/json">${scriptSafeJson(session)}</script>`;
  const withoutPreload = html.replace(SIGNED_IN_CHECK_PRELOAD, '');
  // A function, not a string: a replacement string's `$'`, `$&` and `$\`` (a name or a community's name may hold them)
  // would pull parts of the page into the tag.
  return withoutPreload.includes('</head>') ? withoutPreload.replace('</head>', () => `${tag}\n</head>`) : `${tag}\n${withoutPreload}`;
}

/**
 * Sends index.html: personalised for a signed-in visitor, and then never stored anywhere (no-store, as the API's
 * answers), so a shared computer's back button or cache never shows the previous person; as built otherwise
 * (revalidated). Reading the session failing (the database away) sends the page as built: the app then asks
 * GET /api/user itself and says what it gets.
 */
export async function sendIndex(req: Request, res: Response, html: () => Promise<string>, asBuilt: () => void, catalogues: CatalogueFiles = {}): Promise<void> {
  res.vary('Cookie');
  let session: PageSession | null = null;
  try {
    session = await readPageSession(res);
  } catch (error) {
    req.log?.warn({ err: error }, 'index.html: could not read the session; sending the page as built');
  }
  if (!session) {
    res.setHeader('Cache-Control', 'no-cache');
    return asBuilt();
  }
  const page = personalisedIndex(await html(), session, catalogues);
  res.setHeader('Cache-Control', 'no-store');
  res.type('html').send(page);
}
