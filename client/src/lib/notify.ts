import { toast } from '@/components/ui/use-toast';
import { errorMessage } from './api-client';

/** The toast of a failed call: `title`, and the server's message (else `fallback`) under it. */
export function toastError(title: string, error: unknown, fallback = 'Please try again.') {
  return toast({ title, description: errorMessage(error, fallback), variant: 'destructive' });
}
