import { type FormEvent, useState } from 'react';
import type { CommunityView } from '@shared/contracts/communities';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { TimeZoneSelect } from '@/components/ui/time-zone-select';
import { toast } from '@/components/ui/use-toast';
import { i18n, useT } from '@/i18n';
import { toastError } from '@/lib/notify';
import { canonicalTimeZone } from '@/lib/time-zones';
import { useUpdateCommunity } from '../api';

export const updateFailed = (error: unknown) => toastError(i18n.t('Update Failed'), error, i18n.t('Failed to update community'));

/** The Community Settings 'Edit' dialog: name, description and time zone, saved with PUT /api/communities/{id}. */
export function EditCommunityDialog({ community, open, onOpenChange }: { community: CommunityView; open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        {/* Mounted only while open, so each opening starts from the saved values. */}
        {open ? <EditCommunityForm community={community} onDone={() => onOpenChange(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function EditCommunityForm({ community, onDone }: { community: CommunityView; onDone: () => void }) {
  const t = useT();
  const [name, setName] = useState(community.name);
  const [description, setDescription] = useState(community.description ?? '');
  const [timeZone, setTimeZone] = useState(() => canonicalTimeZone(community.timeZone));
  const update = useUpdateCommunity(community.id);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const trimmedName = name.trim();
    if (!trimmedName) {
      toast({ title: t('Name Required'), description: t('Community name cannot be empty.'), variant: 'destructive' });
      return;
    }
    update.mutate(
      { name: trimmedName, description: description.trim(), timeZone },
      {
        onSuccess: () => {
          toast({ title: t('Community Updated'), description: t('Your changes have been saved.'), variant: 'success' });
          onDone();
        },
        onError: updateFailed,
      },
    );
  };

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      <DialogHeader>
        <DialogTitle>{t('Edit Community')}</DialogTitle>
        <DialogDescription>{t('Members see the name and description on their community cards.')}</DialogDescription>
      </DialogHeader>
      <FormField id="edit-community-name" label={t('Community name')}>
        <Input id="edit-community-name" value={name} onChange={(event) => setName(event.target.value)} maxLength={100} autoComplete="off" />
      </FormField>
      <FormField id="edit-community-description" label={t('Description')}>
        <Textarea id="edit-community-description" value={description} onChange={(event) => setDescription(event.target.value)} maxLength={500} />
      </FormField>
      <FormField id="edit-community-time-zone" label={t('Time zone')} hint={t("Meeting times and the community's daily numbers follow this time zone.")}>
        <TimeZoneSelect id="edit-community-time-zone" aria-describedby="edit-community-time-zone-hint" value={timeZone} onChange={setTimeZone} />
      </FormField>
      <DialogFooter>
        <Button variant="outline" onClick={onDone} disabled={update.isPending}>
          {t('Cancel')}
        </Button>
        <Button type="submit" disabled={update.isPending}>
          {update.isPending ? t('Saving...') : t('Save Changes')}
        </Button>
      </DialogFooter>
    </form>
  );
}
