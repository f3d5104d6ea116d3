import { CreditCard, ExternalLink } from 'lucide-react';
import { PAYMENT_MESSAGES } from '@app/contracts';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/toast';
import { isApiError } from '@/lib/api-client';
import { useCustomerPortalMutation } from '../api/payment';

/** docs/product.md §7: the Stripe customer portal in a new tab (or the spec's messages when there is none). */
export function ManagePaymentMethodsButton() {
  const portal = useCustomerPortalMutation();

  function manage() {
    // Opened during the click, while the browser still counts it as the user's doing (a tab opened
    // after the request returns is blocked by Safari and others), then sent to the portal.
    const tab = window.open('', '_blank');
    if (tab) tab.opener = null;
    portal.mutate(undefined, {
      onSuccess: ({ url }) => {
        if (!url) {
          tab?.close();
          toast({ title: 'Error', description: PAYMENT_MESSAGES.portalUnavailable, variant: 'destructive' });
          return;
        }
        if (tab) tab.location.href = url;
        else window.location.assign(url);
      },
      onError: (error) => {
        tab?.close();
        if (isApiError(error) && error.serverMessage === PAYMENT_MESSAGES.noPaymentMethods) {
          toast({ title: 'No payment methods', description: PAYMENT_MESSAGES.noPaymentMethods });
        } else {
          toast({ title: 'Error', description: PAYMENT_MESSAGES.portalUnavailable, variant: 'destructive' });
        }
      },
    });
  }

  return (
    <Button variant="outline" onClick={manage} loading={portal.isPending} loadingText="Opening...">
      <CreditCard aria-hidden="true" />
      Manage Payment Methods
      <ExternalLink aria-hidden="true" className="text-muted-foreground" />
    </Button>
  );
}
