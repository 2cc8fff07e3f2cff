import Send from 'lucide-react/icons/send';
import { useId, useState } from 'react';
import { REFLECTION_TEXT_MAX, reflectionBody, type ReflectionView } from '@shared/contracts/care';
import { Button } from '@/components/ui/button';
import { Dialog, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { ScrollingDialogContent } from '@/components/ui/scrolling-dialog';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/use-toast';
import { findApiError } from '@/lib/api-client';
import { toastError } from '@/lib/notify';
import { useWriteReflection } from '../api';

type Part = 'helped' | 'hard' | 'prayerRequest';

export const REFLECTION_PARTS: readonly { key: Part; label: string; hint: string }[] = [
  { key: 'helped', label: 'What helped', hint: 'A habit, a person, a verse that carried you.' },
  { key: 'hard', label: 'What was hard', hint: 'Where the month pulled against you.' },
  { key: 'prayerRequest', label: 'Prayer request', hint: 'What you would like your commander to pray for.' },
];

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
  const id = useId();
  const [texts, setTexts] = useState<Record<Part, string>>({ helped: existing?.helped ?? '', hard: existing?.hard ?? '', prayerRequest: existing?.prayerRequest ?? '' });
  const [errors, setErrors] = useState<Partial<Record<Part, string>>>({});
  const write = useWriteReflection(communityId);

  const onSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    const body = { month: period.month, year: period.year, ...texts };
    const parsed = reflectionBody.safeParse(body);
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((issue) => [issue.path[0], issue.message])));
      return;
    }
    setErrors({});
    write.mutate(body, {
      onSuccess: () => {
        toast({ title: 'Reflection Saved', description: 'Your commander will read it. You can change it until they reply.', variant: 'success' });
        onClose();
      },
      onError: (failure) => {
        const fields = findApiError(failure)?.fields;
        if (fields && Object.keys(fields).length > 0) setErrors(fields as Partial<Record<Part, string>>);
        else toastError('Could not save', failure, 'Please try again.');
      },
    });
  };

  return (
    <ScrollingDialogContent
      header={
        <DialogHeader>
          <DialogTitle>Looking back on {period.label}</DialogTitle>
          <DialogDescription>Each part is optional; write at least one. Only your commander and the community's admins read it.</DialogDescription>
        </DialogHeader>
      }
      onSubmit={onSubmit}
      footer={
        <>
          <Button variant="outline" onClick={onClose} disabled={write.isPending}>
            Cancel
          </Button>
          <Button type="submit" disabled={write.isPending}>
            <Send aria-hidden="true" />
            {write.isPending ? 'Saving...' : 'Save Reflection'}
          </Button>
        </>
      }
    >
      {REFLECTION_PARTS.map((part) => {
        const fieldId = `${id}-${part.key}`;
        const error = errors[part.key];
        return (
          <div key={part.key} className="grid gap-1.5">
            <label htmlFor={fieldId} className="text-sm font-medium">
              {part.label}
            </label>
            <p id={`${fieldId}-hint`} className="text-xs text-muted-foreground">
              {part.hint}
            </p>
            <Textarea
              id={fieldId}
              rows={3}
              maxLength={REFLECTION_TEXT_MAX}
              value={texts[part.key]}
              aria-invalid={error ? true : undefined}
              aria-describedby={`${fieldId}-hint${error ? ` ${fieldId}-error` : ''}`}
              onChange={(event) => setTexts((current) => ({ ...current, [part.key]: event.target.value }))}
            />
            {error ? (
              <p id={`${fieldId}-error`} className="text-sm font-medium text-destructive">
                {error}
              </p>
            ) : null}
          </div>
        );
      })}
    </ScrollingDialogContent>
  );
}
