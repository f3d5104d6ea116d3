/** The tabs of /payola (?tab=shop): the balance and its history, and the shop. */
export const PAYOLA_TABS = ['history', 'shop'] as const;
export type PayolaTab = (typeof PAYOLA_TABS)[number];
