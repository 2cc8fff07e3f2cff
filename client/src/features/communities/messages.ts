import { toast } from '@/components/ui/use-toast';
import { i18n } from '@/i18n';

/** After joining (directly, or after 'Skip for Now' in the 'Account Found!' modal). */
export const welcomeToast = () =>
  toast({ title: i18n.t('Welcome to the community!'), description: i18n.t('You have successfully joined the community.'), variant: 'success' });
