export const MESSAGE_SOURCES: string[];
export const CATALOGUE_DIR: string;
export function messagesOfSource(fileName: string, text: string): { message: string; at: string }[];
/** Every message of the client, sorted, each with the places it is written. */
export function extractMessages(): Map<string, string[]>;
export function catalogueFile(locale: string): string;
export function readCatalogue(locale: string): Record<string, string>;
