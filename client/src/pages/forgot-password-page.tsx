import ArrowLeft from 'lucide-react/icons/arrow-left';
import LoaderCircle from 'lucide-react/icons/loader-circle';
import MailCheck from 'lucide-react/icons/mail-check';
import CircleAlert from 'lucide-react/icons/circle-alert';
import { useForm } from 'react-hook-form';
import { Link } from 'wouter';
import { useDocumentTitle } from '@/components/layout/page-header';
import { Button } from '@/components/ui/button';
import { fieldProps, FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { AccountLinkLayout, StatusNote } from '@/features/auth/components/account-link-layout';
import { useRequestPasswordReset } from '@/features/auth/email-links-api';
import { translateMessage, useT } from '@/i18n';
import { errorMessage } from '@/lib/api-client';
import { applyServerFieldErrors, lazyZodResolver } from '@/lib/forms';

const resolver = lazyZodResolver(() => import('@/features/auth/schemas').then((module) => module.forgotPasswordFormSchema));

/** 'Forgot password?' from Sign In: asks for a reset link. The answer reads the same whether or not the address has an account. */
export function ForgotPasswordPage() {
  const t = useT();
  useDocumentTitle(t('Forgot password'));
  const request = useRequestPasswordReset();
  const form = useForm({ resolver, defaultValues: { email: '' } });
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit(({ email }) => request.mutate(email, { onError: (error) => applyServerFieldErrors(error, form.setError, ['email']) }));

  return (
    <AccountLinkLayout
      title={t('Forgot your password?')}
      footer={
        <Link href="/auth" className="inline-flex items-center gap-1.5 text-sm font-medium text-primary-700 hover:underline">
          <ArrowLeft className="size-4" aria-hidden="true" />
          {t('Back to sign in')}
        </Link>
      }
    >
      {request.isSuccess ? (
        <StatusNote tone="success" icon={<MailCheck aria-hidden="true" />}>
          {translateMessage(request.data.message)}
        </StatusNote>
      ) : (
        <>
          <p className="text-sm text-muted-foreground">{t('Enter the e-mail you sign in with. We will send you a link to choose a new password.')}</p>
          <form noValidate onSubmit={onSubmit} className="grid gap-4">
            <FormField id="forgot-email" label={t('Email')} error={errors.email?.message}>
              <Input type="email" autoComplete="username" inputMode="email" placeholder="you@example.org" {...fieldProps('forgot-email', { error: errors.email?.message })} {...form.register('email')} />
            </FormField>
            {request.isError && !errors.email ? (
              <StatusNote tone="error" icon={<CircleAlert aria-hidden="true" />}>
                {errorMessage(request.error, t('We could not send the link right now. Please try again.'))}
              </StatusNote>
            ) : null}
            <Button type="submit" size="lg" className="w-full" disabled={request.isPending}>
              {request.isPending ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : null}
              {t('Send reset link')}
            </Button>
          </form>
        </>
      )}
    </AccountLinkLayout>
  );
}
