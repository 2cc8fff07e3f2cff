import Send from 'lucide-react/icons/send';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { type ReflectionBody, REFLECTION_TEXT_MAX, reflectionBody, type ReflectionView } from '@shared/contracts/care';
import { Button } from '@/components/ui/button';
import { Dialog, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { FormField, fieldProps } from '@/components/ui/form-field';
import { ScrollingDialogContent } from '@/components/ui/scrolling-dialog';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/use-toast';
import { msg, useT } from '@/i18n';
import { applyServerFieldErrors } from '@/lib/forms';
import { toastError } from '@/lib/notify';
import { useWriteReflection } from '../api';

type Part = 'helped' | 'hard' | 'prayerRequest';

/** The parts of a reflection; their label and hint are translated where shown. */
export const REFLECTION_PARTS: readonly { key: Part; label: string; hint: string }[] = [
  { key: 'helped', label: msg('What helped'), hint: msg('A habit, a person, a verse that carried you.') },
  { key: 'hard', label: msg('What was hard'), hint: msg('Where the month pulled against you.') },
  { key: 'prayerRequest', label: msg('Prayer request'), hint: msg('What you would like your commander to pray for.') },
];
const PART_KEYS = REFLECTION_PARTS.map((part) => part.key);

interface ReflectionDialogProps {
  communityId: string;
  /** The month looked back on; null: closed. */
  period: { month: number; year: number; label: string } | null;
  /** What was written before (editing until the commander acknowledges it). */
  existing: ReflectionView | null;
  onClose: () => void;
}

/** Write or edit one's reflection on a month that ended: three optional parts (at least one), to one's commander. */
export function ReflectionDialog({ communityId, period, existing, onClose }: ReflectionDialogProps) {
  return (
    <Dialog open={period !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      {period ? <ReflectionForm communityId={communityId} period={period} existing={existing} onClose={onClose} /> : null}
    </Dialog>
  );
}

function ReflectionForm({ communityId, period, existing, onClose }: { communityId: string; period: NonNullable<ReflectionDialogProps['period']>; existing: ReflectionView | null; onClose: () => void }) {
  const t = useT();
  const id = useId();
  const form = useForm<ReflectionBody>({
    resolver: zodResolver(reflectionBody),
    defaultValues: { month: period.month, year: period.year, helped: existing?.helped ?? '', hard: existing?.hard ?? '', prayerRequest: existing?.prayerRequest ?? '' },
  });
  const { errors } = form.formState;
  const write = useWriteReflection(communityId);

  // What was typed goes as typed (an emptied part is blank, which the server stores as none).
  const onSubmit = form.handleSubmit(() => {
    write.mutate(form.getValues(), {
      onSuccess: () => {
        toast({ title: t('Reflection Saved'), description: t('Your commander will read it. You can change it until they reply.'), variant: 'success' });
        onClose();
      },
      onError: (failure) => {
        if (!applyServerFieldErrors(failure, form.setError, PART_KEYS)) toastError(t('Could not save'), failure, t('Please try again.'));
      },
    });
  });

  return (
    <ScrollingDialogContent
      header={
        <DialogHeader>
          <DialogTitle>{t('Looking back on {month}', { month: period.label })}</DialogTitle>
          <DialogDescription>{t("Each part is optional; write at least one. Only your commander and the community's admins read it.")}</DialogDescription>
        </DialogHeader>
      }
      onSubmit={onSubmit}
      footer={
        <>
          <Button variant="outline" onClick={onClose} disabled={write.isPending}>
            {t('Cancel')}
          </Button>
          <Button type="submit" disabled={write.isPending}>
            <Send aria-hidden="true" />
            {write.isPending ? t('Saving...') : t('Save Reflection')}
          </Button>
        </>
      }
    >
      {REFLECTION_PARTS.map((part) => {
        const fieldId = `${id}-${part.key}`;
        const error = errors[part.key]?.message;
        return (
          <FormField key={part.key} id={fieldId} label={t(part.label)} hint={t(part.hint)} error={error}>
            <Textarea
              {...fieldProps(fieldId, { hint: part.hint, error })}
              rows={3}
              maxLength={REFLECTION_TEXT_MAX}
              {...form.register(part.key)}
            />
          </FormField>
        );
      })}
    </ScrollingDialogContent>
  );
}
