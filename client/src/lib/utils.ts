import { type ClassValue, clsx } from 'clsx';
import { twMerge } from 'tailwind-merge';

/** Joins class names and lets a later Tailwind class win over an earlier one of the same kind. */
export function cn(...inputs: ClassValue[]): string {
  return twMerge(clsx(inputs));
}

/** 'Ruth of Moab' -> 'RM', 'Ruth' -> 'R'; '?' for a blank name. */
export function initials(name: string): string {
  // The first letter or digit of the first and last words: '=Eve' is 'E', '(Ruth) Naomi' is 'RN', never '=' or '('.
  const firstOf = (word: string | undefined) => (word ? (/[\p{L}\p{N}]/u.exec(word)?.[0] ?? '') : '');
  const parts = name
    .trim()
    .split(/\s+/)
    .filter((word) => firstOf(word) !== '');
  return (firstOf(parts[0]) + (parts.length > 1 ? firstOf(parts.at(-1)) : '')).toUpperCase() || '?';
}
