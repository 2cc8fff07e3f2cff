// Types of build-inputs.mjs, for the tests that import it.
export const ENV_FILES: string[];
export function settingHash(text: string): string;
export function clientSettings(root: string, env?: NodeJS.ProcessEnv): Record<string, string>;
export interface BuildInputs {
  sources: string;
  settings: Record<string, string>;
  files: number;
}
export function buildInputs(root: string, env?: NodeJS.ProcessEnv): BuildInputs;
export function stampText(inputs: Pick<BuildInputs, 'sources' | 'settings'>): string;
export function staleReason(previous: string | undefined, current: Pick<BuildInputs, 'sources' | 'settings'>): string | null;
