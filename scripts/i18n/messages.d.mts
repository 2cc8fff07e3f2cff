export const DOMAINS: Record<'client' | 'server', { sources: string[]; catalogues: string }>;
export type Domain = keyof typeof DOMAINS;
export function messagesOfSource(fileName: string, text: string): { message: string; at: string }[];
/** Every message of a domain, sorted, each with the places it is written. */
export function extractMessages(domain?: Domain): Map<string, string[]>;
export function catalogueFile(locale: string, domain?: Domain): string;
export function readCatalogue(locale: string, domain?: Domain): Record<string, string>;
