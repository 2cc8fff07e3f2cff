import CircleAlert from 'lucide-react/icons/circle-alert';
import LoaderCircle from 'lucide-react/icons/loader-circle';
import { useForm } from 'react-hook-form';
import { Link, useLocation, useSearch } from 'wouter';
import { useDocumentTitle } from '@/components/layout/page-header';
import { Button } from '@/components/ui/button';
import { fieldProps, FormField } from '@/components/ui/form-field';
import { PasswordInput } from '@/components/ui/password-input';
import { toast } from '@/components/ui/use-toast';
import { AccountLinkLayout, StatusNote } from '@/features/auth/components/account-link-layout';
import { useConfirmPasswordReset } from '@/features/auth/email-links-api';
import { useT } from '@/i18n';
import { errorMessage, findApiError } from '@/lib/api-client';
import { applyServerFieldErrors, lazyZodResolver } from '@/lib/forms';

const resolver = lazyZodResolver(() => import('@/features/auth/schemas').then((module) => module.resetPasswordFormSchema));

/** /reset-password?token=… from the reset e-mail: a new password, then signed in on the dashboard. */
export function ResetPasswordPage() {
  const t = useT();
  useDocumentTitle(t('Choose a new password'));
  const token = new URLSearchParams(useSearch()).get('token') ?? '';
  const [, navigate] = useLocation();
  const confirm = useConfirmPasswordReset();
  const form = useForm({ resolver, defaultValues: { password: '', confirmPassword: '' } });
  const { errors } = form.formState;
  const linkRefused = findApiError(confirm.error)?.code === 'link_invalid';

  const onSubmit = form.handleSubmit(({ password }) =>
    confirm.mutate(
      { token, password },
      {
        onSuccess: (user) => {
          toast({ title: t('Password changed'), description: t('Welcome back, {name}. You are signed in.', { name: user.displayName }), variant: 'success' });
          navigate('/', { replace: true });
        },
        onError: (error) => applyServerFieldErrors(error, form.setError, ['password']),
      },
    ),
  );

  if (!token || linkRefused) {
    return (
      <AccountLinkLayout title={t('This link does not work')}>
        <StatusNote tone="error" icon={<CircleAlert aria-hidden="true" />}>
          {token ? errorMessage(confirm.error, t('This link is not valid any more.')) : t('This link is incomplete. Open it again from the e-mail, or ask for a new one.')}
        </StatusNote>
        <Button asChild>
          <Link href="/forgot-password">{t('Send me a new link')}</Link>
        </Button>
      </AccountLinkLayout>
    );
  }

  return (
    <AccountLinkLayout title={t('Choose a new password')}>
      <p className="text-sm text-muted-foreground">{t('Your new password ends every other session: anyone signed in as you is signed out.')}</p>
      <form noValidate onSubmit={onSubmit} className="grid gap-4">
        <FormField id="reset-password" label={t('New password')} error={errors.password?.message}>
          <PasswordInput autoComplete="new-password" {...fieldProps('reset-password', { error: errors.password?.message })} {...form.register('password')} />
        </FormField>
        <FormField id="reset-confirm" label={t('Confirm new password')} error={errors.confirmPassword?.message}>
          <PasswordInput autoComplete="new-password" {...fieldProps('reset-confirm', { error: errors.confirmPassword?.message })} {...form.register('confirmPassword')} />
        </FormField>
        {confirm.isError && !errors.password ? (
          <StatusNote tone="error" icon={<CircleAlert aria-hidden="true" />}>
            {errorMessage(confirm.error, t('We could not change your password right now. Please try again.'))}
          </StatusNote>
        ) : null}
        <Button type="submit" size="lg" className="w-full" disabled={confirm.isPending}>
          {confirm.isPending ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : null}
          {t('Set new password')}
        </Button>
      </form>
    </AccountLinkLayout>
  );
}
