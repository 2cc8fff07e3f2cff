import Church from 'lucide-react/icons/church';
import { Link } from 'wouter';
import type { PublicUser } from '@shared/contracts/auth';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { useT } from '@/i18n';
import { formatLongDate } from '@/lib/dates';
import { ChangeNameDialog } from './change-name-dialog';
import { ChangePasswordDialog } from './change-password-dialog';

/** The account details of /profile: the name (changed in a dialog), the e-mail, with password and community actions. */
export function ProfileDetails({ user }: { user: PublicUser }) {
  const t = useT();
  return (
    <div className="grid gap-6 lg:grid-cols-[2fr_1fr]">
      <Card>
        <CardHeader>
          <CardTitle>{t('Account information')}</CardTitle>
          <CardDescription>
            {t('Your display name is how the members of your communities know you: you can change it here. Your e-mail is the one you sign in with.')}
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          <FormField id="profile-name" label={t('Display name')}>
            <div className="flex flex-wrap items-center gap-2">
              <Input id="profile-name" value={user.displayName} title={user.displayName} readOnly className="min-w-0 flex-1 text-ellipsis" />
              <ChangeNameDialog currentName={user.displayName} />
            </div>
          </FormField>
          <FormField id="profile-email" label={t('Email')}>
            <Input id="profile-email" type="email" value={user.email ?? ''} title={user.email ?? undefined} placeholder={t('No e-mail on file')} readOnly className="text-ellipsis" />
          </FormField>
          <div className="grid gap-1">
            <p className="text-sm font-medium">{t('Account created')}</p>
            <p className="text-sm text-muted-foreground">
              <time dateTime={user.createdAt}>{formatLongDate(user.createdAt)}</time>
            </p>
          </div>
        </CardContent>
      </Card>
      <div className="grid content-start gap-6">
        <Card>
          <CardHeader>
            <CardTitle className="text-lg">{t('Security')}</CardTitle>
            <CardDescription>
              {user.hasPassword ? t('Change the password you use to sign in.') : t('You sign in with Google, so there is no password to change.')}
            </CardDescription>
          </CardHeader>
          <CardContent>
            <ChangePasswordDialog disabled={!user.hasPassword} />
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle className="text-lg">{t('Communities')}</CardTitle>
            <CardDescription>{t('Join another community or switch between yours.')}</CardDescription>
          </CardHeader>
          <CardContent>
            <Button variant="outline" asChild>
              <Link href="/community-access">
                <Church aria-hidden="true" />
                {t('Manage Communities')}
              </Link>
            </Button>
          </CardContent>
        </Card>
      </div>
    </div>
  );
}
