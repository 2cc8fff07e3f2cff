/// <reference types="vite/client" />

interface ImportMetaEnv {
  readonly VITE_FIREBASE_API_KEY?: string;
  readonly VITE_FIREBASE_AUTH_DOMAIN?: string;
  readonly VITE_FIREBASE_PROJECT_ID?: string;
  readonly VITE_FIREBASE_APP_ID?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}

/** A language's compiled catalogue (scripts/lib/vite-catalogues.mjs). */
declare module 'virtual:catalogue/*' {
  export const messages: import('@lingui/core').Messages;
  /** The templates of the messages the API sends, which only the server fills (the same in every catalogue). */
  export const apiTemplates: readonly string[];
}
