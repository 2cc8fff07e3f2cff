import { zodResolver } from '@hookform/resolvers/zod';
import LoaderCircle from 'lucide-react/icons/loader-circle';
import Trash2 from 'lucide-react/icons/trash-2';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { RECENT_SIGN_IN_MINUTES } from '@shared/contracts/your-data';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from '@/components/ui/dialog';
import { fieldProps, FormField } from '@/components/ui/form-field';
import { PasswordInput } from '@/components/ui/password-input';
import { msg, useT } from '@/i18n';
import { errorMessage } from '@/lib/api-client';
import { applyServerFieldErrors } from '@/lib/forms';
import { useDeleteAccount } from '../api';
import { DownloadMyDataButton } from '@/components/ui/download-button';

const FIELD = 'delete-account-password';
const schema = z.object({ password: z.string() });

/**
 * "Delete my account" (issue 39 item 2): says what goes and what stays, offers the download first, and is
 * confirmed by the password (an account without one: a Google sign-in within the last 10 minutes).
 */
export function DeleteAccountDialog({ hasPassword }: { hasPassword: boolean }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const deleteAccount = useDeleteAccount();
  const form = useForm({ resolver: zodResolver(schema), defaultValues: { password: '' } });
  const fieldError = form.formState.errors.password?.message;
  const [refusal, setRefusal] = useState<string | null>(null);

  const onOpenChange = (next: boolean) => {
    if (deleteAccount.isPending) return;
    setOpen(next);
    form.reset({ password: '' });
    setRefusal(null);
    deleteAccount.reset();
  };

  const onSubmit = form.handleSubmit(({ password }) => {
    if (hasPassword && !password) {
      form.setError('password', { type: 'required', message: msg('Enter your password to confirm.') }, { shouldFocus: true });
      return;
    }
    setRefusal(null);
    deleteAccount.mutate(hasPassword ? { password } : {}, {
      onError: (failure) => {
        if (!applyServerFieldErrors(failure, form.setError, ['password'])) setRefusal(errorMessage(failure, t('Your account could not be deleted. Please try again.')));
      },
    });
  });

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>
        <Button variant="destructive">
          <Trash2 aria-hidden="true" />
          {t('Delete my account')}
        </Button>
      </DialogTrigger>
      <DialogContent className="max-h-[90dvh] overflow-y-auto">
        <DialogHeader>
          <DialogTitle>{t('Delete your account?')}</DialogTitle>
          <DialogDescription>{t('This cannot be undone. Download your data first if you want to keep a copy.')}</DialogDescription>
        </DialogHeader>
        <div className="grid gap-3 text-sm">
          <section aria-labelledby="delete-account-goes">
            <h3 id="delete-account-goes" className="font-semibold">
              {t('Erased at once')}
            </h3>
            <p className="text-muted-foreground">
              {t(
                'Your name, e-mail and password; your check-ins, targets and goals in every community; the questions you asked and their answers; your reflections and the replies to them; notes and notifications to you; your devices. Every phone and computer is signed out.',
              )}
            </p>
          </section>
          <section aria-labelledby="delete-account-stays">
            <h3 id="delete-account-stays" className="font-semibold">
              {t('What others keep')}
            </h3>
            <p className="text-muted-foreground">
              {t(
                'Answers you gave as a commander stay with the member who asked, shown as from “a former member”. Meetings with you are cancelled and the other person is told. Community records keep what was done, by “a deleted account”.',
              )}
            </p>
          </section>
          <div>
            <DownloadMyDataButton size="sm" />
          </div>
        </div>
        <form noValidate onSubmit={onSubmit} className="grid gap-4">
          {hasPassword ? (
            <FormField id={FIELD} label={t('Your password')} error={fieldError}>
              <PasswordInput autoComplete="current-password" {...fieldProps(FIELD, { error: fieldError })} {...form.register('password')} />
            </FormField>
          ) : (
            <p className="text-sm text-muted-foreground">
              {t('Your account signs in with Google: if you signed in more than {minutes} minutes ago, sign out and in again with Google first.', {
                minutes: RECENT_SIGN_IN_MINUTES,
              })}
            </p>
          )}
          {refusal ? (
            <p role="alert" className="rounded-md border border-destructive/30 bg-destructive/5 p-3 text-sm text-destructive">
              {refusal}
            </p>
          ) : null}
          <DialogFooter>
            <Button type="button" variant="ghost" onClick={() => onOpenChange(false)} disabled={deleteAccount.isPending}>
              {t('Cancel')}
            </Button>
            <Button type="submit" variant="destructive" disabled={deleteAccount.isPending}>
              {deleteAccount.isPending ? (
                <>
                  <LoaderCircle className="animate-spin" aria-hidden="true" />
                  {t('Deleting...')}
                </>
              ) : (
                t('Delete my account')
              )}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
