import type { PublicUser } from './auth';
import type { MembershipView } from './communities';

/**
 * GET /api/user answers 401 without a session (SPEC.md section 7, "401 gives null"). The app's own
 * "who is signed in?" check asks for `/api/user?optional=1` instead and is answered 200 `null` when nobody
 * is: for it a signed-out visitor is an answer, not an error, and a browser logs every 4xx answer in its
 * console (Lighthouse counted that against /auth's best practices). A query rather than a header, because
 * index.html preloads the same URL while the scripts download, and a preload is matched by its URL only.
 * Every other caller still gets the 401.
 */
export const OPTIONAL_SESSION_QUERY = 'optional=1';
export const SIGNED_IN_CHECK_URL = `/api/user?${OPTIONAL_SESSION_QUERY}`;

/**
 * index.html as the server sends it to a signed-in visitor (issue 40 item 4) carries who is signed in, in a JSON
 * script tag of this id: exactly what `GET /api/user` and `GET /api/memberships` would answer, so the first screen
 * paints without asking. A signed-out visitor's page has no tag (and keeps the preload of SIGNED_IN_CHECK_URL).
 */
export const PAGE_SESSION_ELEMENT_ID = 'steadfast-session';

export interface PageSession {
  user: PublicUser;
  memberships: MembershipView[];
}
