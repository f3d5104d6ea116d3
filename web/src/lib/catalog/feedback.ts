import { toast } from '@/components/ui/toast';
import { isApiError, serverMessageOr } from '@/lib/api-client';

/**
 * docs/product.md §8 "Vote / favourite": a signed-out user is asked to create an account; any other failure is
 * 'Error' with the message.
 */
export function toastVoteOrFavoriteError(error: unknown, action: 'vote' | 'add favorites') {
  if (isApiError(error) && error.status === 401) {
    toast({
      title: 'Authentication required',
      description: `Please create an account to ${action}`,
      variant: 'destructive',
    });
    return;
  }
  toast({
    title: 'Error',
    description: serverMessageOr(error, error instanceof Error ? error.message : 'Please try again.'),
    variant: 'destructive',
  });
}
