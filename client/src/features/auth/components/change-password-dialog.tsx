import { zodResolver } from '@hookform/resolvers/zod';
import KeyRound from 'lucide-react/icons/key-round';
import LoaderCircle from 'lucide-react/icons/loader-circle';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from '@/components/ui/dialog';
import { fieldProps, FormField } from '@/components/ui/form-field';
import { PasswordInput } from '@/components/ui/password-input';
import { toast } from '@/components/ui/use-toast';
import { useT } from '@/i18n';
import { toastError } from '@/lib/notify';
import { applyServerFieldErrors } from '@/lib/forms';
import { useChangePassword } from '../api';
import { changePasswordFormSchema } from '../schemas';

const EMPTY = { currentPassword: '', newPassword: '', confirmPassword: '' };

/** 'Change Password' on /profile (DECISIONS.md: it works; the current password is required). */
export function ChangePasswordDialog({ disabled }: { disabled?: boolean }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const changePassword = useChangePassword();
  const form = useForm({ resolver: zodResolver(changePasswordFormSchema), defaultValues: EMPTY });
  const { errors } = form.formState;

  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (!next) {
      form.reset(EMPTY);
      changePassword.reset();
    }
  };

  const onSubmit = form.handleSubmit(({ currentPassword, newPassword }) => {
    changePassword.mutate(
      { currentPassword, newPassword },
      {
        onSuccess: () => {
          onOpenChange(false);
          toast({ title: t('Password Changed'), description: t('Use your new password the next time you sign in.'), variant: 'success' });
        },
        onError: (error) => {
          // A wrong current password or a refused new one is shown on its field; anything else as a toast.
          if (!applyServerFieldErrors(error, form.setError, ['currentPassword', 'newPassword'])) {
            toastError(t('Password change failed'), error);
          }
        },
      },
    );
  });

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>
        <Button variant="outline" disabled={disabled}>
          <KeyRound aria-hidden="true" />
          {t('Change Password')}
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t('Change Password')}</DialogTitle>
          <DialogDescription>{t('Enter your current password, then choose a new one of at least 6 characters.')}</DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={onSubmit} className="grid gap-4">
          <FormField id="current-password" label={t('Current password')} error={errors.currentPassword?.message}>
            <PasswordInput
              autoComplete="current-password"
              {...fieldProps('current-password', { error: errors.currentPassword?.message })}
              {...form.register('currentPassword')}
            />
          </FormField>
          <FormField id="new-password" label={t('New password')} error={errors.newPassword?.message}>
            <PasswordInput autoComplete="new-password" {...fieldProps('new-password', { error: errors.newPassword?.message })} {...form.register('newPassword')} />
          </FormField>
          <FormField id="confirm-new-password" label={t('Confirm new password')} error={errors.confirmPassword?.message}>
            <PasswordInput
              autoComplete="new-password"
              {...fieldProps('confirm-new-password', { error: errors.confirmPassword?.message })}
              {...form.register('confirmPassword')}
            />
          </FormField>
          <DialogFooter className="mt-2">
            <Button variant="ghost" onClick={() => onOpenChange(false)}>
              {t('Cancel')}
            </Button>
            <Button type="submit" disabled={changePassword.isPending}>
              {changePassword.isPending ? (
                <>
                  <LoaderCircle className="animate-spin" aria-hidden="true" />
                  {t('Saving...')}
                </>
              ) : (
                t('Save New Password')
              )}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
