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
}
