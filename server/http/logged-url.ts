/** Query parameters that carry what someone typed to find a person (names, e-mail addresses). */
const TYPED_SEARCHES = ['search'];

/**
 * The request's URL as the access log records it: what was typed into a search is left out, so the logs
 * hold no names or e-mail addresses that someone looked for.
 */
export function loggedUrl(url: string): string {
  const queryAt = url.indexOf('?');
  if (queryAt === -1) return url;
  const query = new URLSearchParams(url.slice(queryAt + 1));
  const typed = TYPED_SEARCHES.filter((name) => query.has(name));
  if (typed.length === 0) return url;
  for (const name of typed) query.set(name, '[redacted]');
  return `${url.slice(0, queryAt)}?${query.toString()}`;
}
