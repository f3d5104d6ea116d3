/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** The public marketing site the landing page's logo links to (optional). */
  readonly VITE_MARKETING_SITE_URL?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
