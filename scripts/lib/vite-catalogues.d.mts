import type { Plugin } from 'vite';

/** 'Sign in' -> '⟦Šîĝñ îñ···⟧': the pseudo-locale's text. */
export function pseudoText(text: string): string;
/** A language's catalogue compiled for Lingui's runtime, every English message translated or falling back. */
export function compiledCatalogue(locale: string): Record<string, unknown>;
/** `virtual:catalogue/<locale>`: the compiled catalogues as lazy modules. */
export function catalogues(): Plugin;
