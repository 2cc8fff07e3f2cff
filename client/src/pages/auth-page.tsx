import { useState } from 'react';
import { Redirect } from 'wouter';
import { PRODUCT_NAME } from '@shared/domain/constants';
import { Card } from '@/components/ui/card';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useDocumentTitle } from '@/components/layout/page-header';
import { AuthHero } from '@/features/auth/components/auth-hero';
import { SignInForm } from '@/features/auth/components/sign-in-form';
import { SignUpForm } from '@/features/auth/components/sign-up-form';
import { LanguageSwitcher } from '@/features/language/components/language-switcher';
import { useT } from '@/i18n';
import { useAuth } from '@/lib/auth';

export function AuthPage() {
  const t = useT();
  const { user } = useAuth();
  const [tab, setTab] = useState('sign-in');
  const [signUpShown, setSignUpShown] = useState(false);
  useDocumentTitle(t('Sign in'));
  // Shown at once, without waiting for GET /api/user: nearly everyone who opens /auth is signed out, and the
  // page is then part of the first paint instead of a second render a phone must wait for (scripts/lighthouse.mjs).
  // A signed-in user is sent on to / as soon as the answer comes.
  if (user) return <Redirect to="/" replace />;
  return (
    <div className="min-h-dvh lg:grid lg:grid-cols-2">
      <AuthHero />
      <main className="flex flex-col items-center justify-start gap-4 px-4 py-10 sm:px-6 lg:justify-center">
        <div className="flex w-full max-w-md justify-end">
          <LanguageSwitcher />
        </div>
        <Card className="w-full max-w-md p-6 sm:p-8">
          <h2 className="text-2xl font-semibold text-primary-900">{t('Welcome to {name}', { name: PRODUCT_NAME })}</h2>
          <p className="mt-1 text-sm text-muted-foreground">{t('Sign in to continue your journey, or create an account to begin.')}</p>
          <Tabs
            value={tab}
            onValueChange={(value) => {
              setTab(value);
              if (value === 'sign-up') setSignUpShown(true);
            }}
            className="mt-6"
          >
            <TabsList className="grid w-full grid-cols-2">
              <TabsTrigger value="sign-in">{t('Sign In')}</TabsTrigger>
              <TabsTrigger value="sign-up">{t('Sign Up')}</TabsTrigger>
            </TabsList>
            {/* Both forms stay mounted once shown (hidden when inactive) so switching tabs keeps what was typed;
                Sign Up renders when first opened. */}
            <TabsContent value="sign-in" forceMount hidden={tab !== 'sign-in'}>
              <SignInForm />
            </TabsContent>
            <TabsContent value="sign-up" forceMount hidden={tab !== 'sign-up'}>
              {signUpShown ? <SignUpForm /> : null}
            </TabsContent>
          </Tabs>
        </Card>
      </main>
    </div>
  );
}
