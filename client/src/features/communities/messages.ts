import { toast } from '@/components/ui/use-toast';

/** After joining (directly, or after 'Skip for Now' in the 'Account Found!' modal). */
export const welcomeToast = () =>
  toast({ title: 'Welcome to the community!', description: 'You have successfully joined the community.', variant: 'success' });
