/**
 * GET /api/user answers 401 without a session (SPEC.md section 7, "401 gives null"). The app's own
 * "who is signed in?" check sends this header with the value '1' and is answered 200 `null` instead: for
 * it a signed-out visitor is an answer, not an error, and a browser logs every 4xx answer in its console
 * (Lighthouse counted that against /auth's best practices). Every other caller still gets the 401.
 */
export const OPTIONAL_SESSION_HEADER = 'X-Session-Optional';
