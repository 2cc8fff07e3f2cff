import { ApiError } from './api-client';

/**
 * Whether Steadfast's server answered the last time the app asked who is signed in (issue 38 item 11). Only a
 * 401 means signed out: a network error or a 5xx (the server stopped, a database outage) means the server
 * cannot be reached, and the app keeps the last known user and says so instead of showing the sign-in form.
 */
let unreachable = false;
const listeners = new Set<() => void>();

export function isServerUnreachable(): boolean {
  return unreachable;
}

export function setServerUnreachable(value: boolean): void {
  if (unreachable === value) return;
  unreachable = value;
  for (const listener of listeners) listener();
}

export function subscribeToReachability(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** A failure that says the server could not be reached or could not answer, not that the request was refused. */
export function isUnreachableError(error: unknown): boolean {
  if (error instanceof ApiError) return error.status >= 500 || error.status === 0;
  // fetch rejects with a TypeError when the network or the server is away; an abort is the caller's own doing.
  return error instanceof TypeError;
}

/** Waits before asking again: 2 s, doubling to at most 30 s. */
export const retryDelayMs = (attempt: number) => Math.min(2000 * 2 ** attempt, 30_000);
