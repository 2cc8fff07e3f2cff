/** Each source directory with the kinds of message it gives the domain ('all', 'words' or 'api'). */
export const DOMAINS: Record<'client' | 'server', { sources: [string, 'all' | 'words' | 'api'][]; catalogues: string }>;
export type Domain = keyof typeof DOMAINS;
export function messagesOfSource(fileName: string, text: string): { message: string; at: string; kind: 'words' | 'api' }[];
/** Every message of a domain, sorted, each with the places it is written. */
export function extractMessages(domain?: Domain): Map<string, string[]>;
export function catalogueFile(locale: string, domain?: Domain): string;
export function readCatalogue(locale: string, domain?: Domain): Record<string, string>;
/** The templates among the messages the API sends, which only the server fills. */
export function apiTemplates(): string[];
