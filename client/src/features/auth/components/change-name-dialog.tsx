import { zodResolver } from '@hookform/resolvers/zod';
import LoaderCircle from 'lucide-react/icons/loader-circle';
import PenLine from 'lucide-react/icons/pen-line';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from '@/components/ui/dialog';
import { fieldProps, FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { toast } from '@/components/ui/use-toast';
import { useT } from '@/i18n';
import { applyServerFieldErrors } from '@/lib/forms';
import { toastError } from '@/lib/notify';
import { useChangeName } from '../api';
import { changeNameFormSchema } from '../schemas';

const FIELD = 'new-display-name';

/**
 * 'Change name' on /profile: PUT /api/user/name. The form checks the name as sign-up does (one line, one
 * alphabet); the server also refuses a name another account holds or one that looks like a member's name in a
 * community the user belongs to, and its message shows on the field.
 */
export function ChangeNameDialog({ currentName }: { currentName: string }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const changeName = useChangeName();
  const form = useForm({ resolver: zodResolver(changeNameFormSchema), defaultValues: { displayName: currentName } });
  const error = form.formState.errors.displayName?.message;

  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (next) form.reset({ displayName: currentName });
    else changeName.reset();
  };

  const onSubmit = form.handleSubmit(({ displayName }) => {
    // The same name again changes nothing: no request (each change counts toward the day's limit).
    if (displayName === currentName) return onOpenChange(false);
    changeName.mutate(
      { displayName },
      {
        onSuccess: (user) => {
          onOpenChange(false);
          toast({ title: t('Name changed'), description: t('Your communities now see you as {name}.', { name: user.displayName }), variant: 'success' });
        },
        onError: (failure) => {
          // A name taken or too like a member's is shown on the field; anything else (the day's limit) as a toast.
          if (!applyServerFieldErrors(failure, form.setError, ['displayName'])) toastError(t('Name not changed'), failure);
        },
      },
    );
  });

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>
        <Button variant="outline">
          <PenLine aria-hidden="true" />
          {t('Change name')}
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t('Change name')}</DialogTitle>
          <DialogDescription>{t('This is the name the members of your communities see. It may not look like another member’s name.')}</DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={onSubmit} className="grid gap-4">
          <FormField id={FIELD} label={t('New display name')} error={error}>
            <Input autoComplete="name" {...fieldProps(FIELD, { error })} {...form.register('displayName')} />
          </FormField>
          <DialogFooter className="mt-2">
            <Button type="button" variant="ghost" onClick={() => onOpenChange(false)}>
              {t('Cancel')}
            </Button>
            <Button type="submit" disabled={changeName.isPending}>
              {changeName.isPending ? (
                <>
                  <LoaderCircle className="animate-spin" aria-hidden="true" />
                  {t('Saving...')}
                </>
              ) : (
                t('Save Name')
              )}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
