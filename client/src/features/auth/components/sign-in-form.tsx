import LoaderCircle from 'lucide-react/icons/loader-circle';
import { useForm } from 'react-hook-form';
import { Link } from 'wouter';
import { PRODUCT_NAME } from '@shared/domain/constants';
import { Button } from '@/components/ui/button';
import { fieldProps, FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { PasswordInput } from '@/components/ui/password-input';
import { useT } from '@/i18n';
import { useAuth } from '@/lib/auth';
import { applyServerFieldErrors, lazyZodResolver } from '@/lib/forms';
import { GoogleSignInButton, OrDivider } from './google-sign-in-button';

// The checks (zod) load once a field of the form is focused: they are not in the first screen's bundle.
const signInResolver = lazyZodResolver(() => import('../schemas').then((module) => module.signInFormSchema));
const preloadChecks = () => {
  signInResolver.preload().catch(() => {});
};

/** The 'Sign In' tab: POST /api/login {username: <e-mail>, password}. */
export function SignInForm() {
  const t = useT();
  const { loginMutation } = useAuth();
  const form = useForm({ resolver: signInResolver, defaultValues: { username: '', password: '' } });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit((credentials) => {
    loginMutation.mutate(credentials, {
      onError: (error) => applyServerFieldErrors(error, form.setError, ['username', 'password']),
    });
  });

  return (
    <div className="grid gap-5">
      <form noValidate onSubmit={onSubmit} onFocusCapture={preloadChecks} className="grid gap-4">
        <FormField id="signin-email" label={t('Email')} error={errors.username?.message}>
          <Input
            type="email"
            autoComplete="username"
            inputMode="email"
            placeholder="you@example.org"
            {...fieldProps('signin-email', { error: errors.username?.message })}
            {...form.register('username')}
          />
        </FormField>
        <FormField id="signin-password" label={t('Password')} error={errors.password?.message}>
          <PasswordInput autoComplete="current-password" {...fieldProps('signin-password', { error: errors.password?.message })} {...form.register('password')} />
          <Link href="/forgot-password" className="justify-self-end rounded text-sm font-medium text-primary-700 hover:underline focus-visible:outline-2 focus-visible:outline-primary-600">
            {t('Forgot password?')}
          </Link>
        </FormField>
        <Button type="submit" size="lg" className="mt-1 w-full" disabled={loginMutation.isPending}>
          {loginMutation.isPending ? (
            <>
              <LoaderCircle className="animate-spin" aria-hidden="true" />
              {t('Signing you in...')}
            </>
          ) : (
            t('Sign in to {product}', { product: PRODUCT_NAME })
          )}
        </Button>
      </form>
      <OrDivider />
      <GoogleSignInButton idPrefix="signin" />
    </div>
  );
}
