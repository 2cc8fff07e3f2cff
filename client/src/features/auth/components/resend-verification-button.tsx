import LoaderCircle from 'lucide-react/icons/loader-circle';
import { Button, type ButtonProps } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { translateMessage, useT } from '@/i18n';
import { toastError } from '@/lib/notify';
import { useResendVerification } from '../email-links-api';

/** Asks for another verification link and says where it went (or why not). */
export function ResendVerificationButton(props: Omit<ButtonProps, 'onClick'>) {
  const t = useT();
  const resend = useResendVerification();
  return (
    <Button
      variant="outline"
      {...props}
      disabled={resend.isPending || props.disabled}
      onClick={() =>
        resend.mutate(undefined, {
          onSuccess: (answer) => toast({ title: t('Link sent'), description: translateMessage(answer.message), variant: 'success' }),
          onError: (error) => toastError(t('We could not send the link'), error),
        })
      }
    >
      {resend.isPending ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : null}
      {t('Send a new link')}
    </Button>
  );
}
