/** Product name shown in the logo and page titles. */
export const APP_NAME = 'Payola';

/**
 * The public marketing site; the logo on the landing page points here (docs/product.md §2 "Navigation bar").
 * Set at build time with VITE_MARKETING_SITE_URL; without it the logo stays on this site's home.
 */
export const MARKETING_SITE_URL: string | null = import.meta.env.VITE_MARKETING_SITE_URL || null;
