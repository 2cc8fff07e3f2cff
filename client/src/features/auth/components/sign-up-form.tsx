import LoaderCircle from 'lucide-react/icons/loader-circle';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Link } from 'wouter';
import { Button } from '@/components/ui/button';
import { fieldProps, FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { PasswordInput } from '@/components/ui/password-input';
import { useT } from '@/i18n';
import { errorMessage } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';
import { applyServerFieldErrors, lazyZodResolver } from '@/lib/forms';
import { useClaimAccount, useNameAvailability } from '../api';
import { GoogleSignInButton, OrDivider } from './google-sign-in-button';
import { NameAvailabilityMessage } from './name-availability-message';

// The checks (zod) load once a field of the form is focused: they are not in the first screen's bundle.
const signUpResolver = lazyZodResolver(() => import('../schemas').then((module) => module.signUpFormSchema));
const preloadChecks = () => {
  signUpResolver.preload().catch(() => {});
};

/**
 * The 'Sign Up' tab: POST /api/register {email, displayName, password}, with a live name check.
 * A name with imported history can be claimed instead (claim mode, POST /api/claim).
 */
export function SignUpForm() {
  const t = useT();
  const { registerMutation } = useAuth();
  const claimMutation = useClaimAccount();
  const [claimMode, setClaimMode] = useState(false);
  // 'Back to regular signup': this person is not the imported record, and may take the name (imported names
  // never block a real account's), so the next submit signs up instead of offering the claim again.
  const [claimDeclined, setClaimDeclined] = useState(false);
  const form = useForm({
    resolver: signUpResolver,
    defaultValues: { email: '', displayName: '', password: '', confirmPassword: '' },
  });
  const { errors } = form.formState;
  const displayName = useWatch({ control: form.control, name: 'displayName' });
  const availability = useNameAvailability(displayName);
  const claimable = availability.status === 'claimable' && availability.importedUserId !== null;

  const onSubmit = form.handleSubmit(({ email, displayName: name, password }) => {
    if (claimMode && claimable) {
      claimMutation.mutate({ email, displayName: name, password, importedUserId: availability.importedUserId! });
      return;
    }
    if (claimable && !claimDeclined) {
      setClaimMode(true); // submitting a claimable name offers the claim first (SPEC.md section 2)
      return;
    }
    registerMutation.mutate(
      { email, displayName: name, password },
      { onError: (error) => applyServerFieldErrors(error, form.setError, ['email', 'displayName', 'password']) },
    );
  });

  const nameStatusId = 'signup-name-status';
  const registerDisabled = registerMutation.isPending || availability.status === 'taken';

  return (
    <div className="grid gap-5">
      <form noValidate onSubmit={onSubmit} onFocusCapture={preloadChecks} className="grid gap-4">
        <FormField id="signup-email" label={t('Email')} error={errors.email?.message}>
          <Input
            type="email"
            autoComplete="email"
            inputMode="email"
            placeholder="you@example.org"
            {...fieldProps('signup-email', { error: errors.email?.message })}
            {...form.register('email')}
          />
        </FormField>
        <FormField id="signup-name" label={t('Your name')} error={errors.displayName?.message}>
          <Input
            autoComplete="name"
            placeholder={t('How your community knows you')}
            {...fieldProps('signup-name', { error: errors.displayName?.message }, nameStatusId)}
            {...form.register('displayName', {
              onChange: () => {
                setClaimMode(false);
                setClaimDeclined(false);
              },
            })}
          />
          <NameAvailabilityMessage id={nameStatusId} availability={availability} />
          {claimable && !claimMode ? (
            <Button variant="secondary" size="sm" className="justify-self-start" onClick={() => setClaimMode(true)}>
              {t('Claim Your Account')}
            </Button>
          ) : null}
        </FormField>
        {claimMode && claimable ? (
          <div className="rounded-xl border border-accent-200 bg-accent-50 p-3 text-sm text-accent-700">
            {t(
              'Use the e-mail your community has on file for you, and choose a password. We will e-mail you a link: once you open it, your earlier logs, questions and meetings come with you.',
            )}
          </div>
        ) : null}
        <FormField id="signup-password" label={t('Password')} error={errors.password?.message}>
          <PasswordInput autoComplete="new-password" {...fieldProps('signup-password', { error: errors.password?.message })} {...form.register('password')} />
        </FormField>
        <FormField id="signup-confirm" label={t('Confirm password')} error={errors.confirmPassword?.message}>
          <PasswordInput
            autoComplete="new-password"
            {...fieldProps('signup-confirm', { error: errors.confirmPassword?.message })}
            {...form.register('confirmPassword')}
          />
        </FormField>
        {claimMode && claimable ? (
          <div className="grid gap-3">
            <Button type="submit" size="lg" variant="accent" className="w-full" disabled={claimMutation.isPending}>
              {claimMutation.isPending ? (
                <>
                  <LoaderCircle className="animate-spin" aria-hidden="true" />
                  {t('Claiming your account...')}
                </>
              ) : (
                t('Complete Claim')
              )}
            </Button>
            {claimMutation.isError ? (
              <p role="alert" className="text-sm font-medium text-destructive">
                {errorMessage(claimMutation.error, t('We could not claim this account. Please try again.'))}
              </p>
            ) : null}
            <Button
              variant="link"
              className="justify-self-center"
              onClick={() => {
                setClaimMode(false);
                setClaimDeclined(true);
              }}
            >
              {t('← Back to regular signup')}
            </Button>
          </div>
        ) : (
          <Button type="submit" size="lg" className="mt-1 w-full" disabled={registerDisabled} aria-busy={registerMutation.isPending || undefined}>
            {registerMutation.isPending ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : null}
            {t('Start Your Journey')}
          </Button>
        )}
        <p className="text-center text-sm text-muted-foreground">
          <Link href="/privacy" className="font-medium text-primary-700 underline-offset-4 hover:underline">
            {t('How we keep your data')}
          </Link>
        </p>
      </form>
      <OrDivider />
      <GoogleSignInButton idPrefix="signup" />
    </div>
  );
}
