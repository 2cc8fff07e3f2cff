import { zodResolver } from '@hookform/resolvers/zod';
import Plus from 'lucide-react/icons/plus';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Dialog, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from '@/components/ui/dialog';
import { fieldProps, FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { ScrollingDialogContent } from '@/components/ui/scrolling-dialog';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/use-toast';
import { msg, useT } from '@/i18n';
import { applyServerFieldErrors } from '@/lib/forms';
import { toastError } from '@/lib/notify';
import { useCreateSubgroup } from '../api';

export const SUBGROUP_NAME_REQUIRED = msg('Please enter a name for the subgroup.');
const NAME_MAX = 80;
const DESCRIPTION_MAX = 500;

/** SPEC.md section 5: the name must be non-blank after trimming; the description is optional. */
const createSubgroupForm = z.object({
  name: z.string().trim().min(1, SUBGROUP_NAME_REQUIRED).max(NAME_MAX, msg('Subgroup name must be at most 80 characters')),
  description: z.string().trim().max(DESCRIPTION_MAX, msg('Description must be at most 500 characters')),
});
type CreateSubgroupForm = z.infer<typeof createSubgroupForm>;

const EMPTY: CreateSubgroupForm = { name: '', description: '' };

/** 'Create Subgroup': a name and an optional description, sent with POST /api/subgroups. */
export function CreateSubgroupDialog({ communityId }: { communityId: string }) {
  const t = useT();
  const id = useId();
  const [open, setOpen] = useState(false);
  const create = useCreateSubgroup(communityId);
  const form = useForm<CreateSubgroupForm>({ resolver: zodResolver(createSubgroupForm), defaultValues: EMPTY });
  const { errors } = form.formState;

  const onOpenChange = (next: boolean) => {
    if (create.isPending) return;
    setOpen(next);
    if (!next) form.reset(EMPTY);
  };

  const onSubmit = form.handleSubmit(({ name, description }) => {
    create.mutate(
      { name, description: description || null },
      {
        onSuccess: (subgroup) => {
          toast({ title: t('Subgroup Created'), description: t('{name} is ready: choose its commander and assign its members.', { name: subgroup.name }), variant: 'success' });
          setOpen(false);
          form.reset(EMPTY);
        },
        onError: (error) => {
          if (!applyServerFieldErrors(error, form.setError, ['name', 'description'])) toastError(t('Creation Failed'), error, t('Failed to create subgroup'));
        },
      },
    );
  });

  const nameId = `${id}-name`;
  const descriptionId = `${id}-description`;

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>
        <Button className="w-full sm:w-auto">
          <Plus aria-hidden="true" />
          {t('Create Subgroup')}
        </Button>
      </DialogTrigger>
      <ScrollingDialogContent
        header={
          <DialogHeader>
            <DialogTitle>{t('Create Subgroup')}</DialogTitle>
            <DialogDescription>{t('A small group of members led by a commander. You choose the commander and the members next.')}</DialogDescription>
          </DialogHeader>
        }
        onSubmit={onSubmit}
        footer={
          <>
            <Button variant="outline" onClick={() => onOpenChange(false)} disabled={create.isPending}>
              {t('Cancel')}
            </Button>
            <Button type="submit" disabled={create.isPending}>
              {create.isPending ? t('Creating...') : t('Create Subgroup')}
            </Button>
          </>
        }
      >
        <FormField id={nameId} label={t('Subgroup name')} error={errors.name?.message}>
          <Input {...fieldProps(nameId, { error: errors.name?.message })} {...form.register('name')} maxLength={NAME_MAX} autoComplete="off" placeholder={t('e.g. Alpha Group')} />
        </FormField>
        <FormField id={descriptionId} label={t('Description (optional)')} error={errors.description?.message}>
          <Textarea
            {...fieldProps(descriptionId, { error: errors.description?.message })}
            {...form.register('description')}
            maxLength={DESCRIPTION_MAX}
            placeholder={t('Who meets here, and what they focus on')}
          />
        </FormField>
      </ScrollingDialogContent>
    </Dialog>
  );
}
