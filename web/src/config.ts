/** Product name shown in the logo and page titles. */
export const APP_NAME = 'Payola';

/** The public marketing site; the logo on the landing page points here (spec §2 "Navigation bar"). */
export const MARKETING_SITE_URL = 'https://example.com/';
