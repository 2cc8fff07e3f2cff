import { toast } from '@/components/ui/use-toast';
import { i18n } from '@/i18n';
import { errorMessage, findApiError } from './api-client';

/**
 * The toast of a failed call: `title`, and the server's message (else `fallback`) under it. A call that
 * failed because the community on screen is gone says nothing here: the community-gone handler (auth.tsx)
 * explains it once and leaves the community's screens.
 */
export function toastError(title: string, error: unknown, fallback = i18n.t('Please try again.')) {
  if (findApiError(error)?.code === 'community_not_found') return;
  toast({ title, description: errorMessage(error, fallback), variant: 'destructive' });
}
