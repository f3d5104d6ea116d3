/** An inline text link in the landing page's style: underlined in the accent colour. */
export const textLinkClasses =
  'rounded-sm font-semibold text-foreground underline decoration-accent decoration-2 underline-offset-4 transition-colors hover:text-accent';
