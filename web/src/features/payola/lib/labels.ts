import { REWARD_RULES } from '@app/domain';

/** A category as the history shows it: 'verification' -> 'Verification'. */
export function categoryLabel(category: string): string {
  return category ? category[0]!.toUpperCase() + category.slice(1) : category;
}

/** What the shop writes in the history beside the rewards: a spend and its refund (libs/modules/src/payola). */
const SHOP_ENTRIES = [
  { category: 'shop', action: 'Redeemed' },
  { category: 'shop', action: 'Refunded' },
] as const;

/** The filter choices: every category and action the reward policy knows, in its order, then the shop's. */
export const CATEGORY_OPTIONS = [...new Set([...REWARD_RULES, ...SHOP_ENTRIES].map((r) => r.category))].map(
  (value) => ({ value, label: categoryLabel(value) }),
);
export const ACTION_OPTIONS = [...new Set([...REWARD_RULES, ...SHOP_ENTRIES].map((r) => r.action))].map((value) => ({
  value,
  label: value,
}));

/** docs/product.md §9: dates in long US format. */
export function longUsDate(iso: string): string {
  return new Date(iso).toLocaleDateString('en-US', { month: 'long', day: 'numeric', year: 'numeric' });
}

export function signedPyl(amount: number): string {
  return `${amount > 0 ? '+' : amount < 0 ? '−' : ''}${Math.abs(amount).toLocaleString('en-US')}`;
}
