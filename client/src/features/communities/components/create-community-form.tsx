import Sparkles from 'lucide-react/icons/sparkles';
import { type FormEvent, useState } from 'react';
import { useLocation } from 'wouter';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/use-toast';
import { useT } from '@/i18n';
import { toastError } from '@/lib/notify';
import { setStoredCommunityId } from '@/lib/community';
import { browserTimeZone } from '@/lib/time-zones';
import { useCreateCommunity, useRefreshMemberships } from '../api';

/**
 * The 'Create Community' tab. The creator becomes its Community Moderator and continues in the setup
 * wizard with the new community on screen.
 */
export function CreateCommunityForm() {
  const t = useT();
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [, navigate] = useLocation();
  const create = useCreateCommunity();
  const refreshMemberships = useRefreshMemberships();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const trimmedName = name.trim();
    if (!trimmedName) {
      toast({ title: t('Community name required'), description: t('Please enter a name for your community.'), variant: 'destructive' });
      return;
    }
    create.mutate(
      { name: trimmedName, description: description.trim(), timeZone: browserTimeZone() },
      {
        onSuccess: async (community) => {
          toast({ title: t('Community created!'), description: t("Let's set up your community with a quick walkthrough."), variant: 'success' });
          setStoredCommunityId(community.id);
          await refreshMemberships();
          navigate(`/community-setup?community=${encodeURIComponent(community.id)}`);
        },
        onError: (error) => toastError(t('Failed to create community'), error),
      },
    );
  };

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      <FormField id="community-name" label={t('Community name')}>
        <Input
          id="community-name"
          name="name"
          value={name}
          onChange={(event) => setName(event.target.value)}
          placeholder={t("e.g. Hope Chapel Men's Fellowship")}
          autoComplete="off"
          maxLength={100}
        />
      </FormField>
      <FormField id="community-description" label={t('Description (optional)')}>
        <Textarea
          id="community-description"
          name="description"
          value={description}
          onChange={(event) => setDescription(event.target.value)}
          placeholder={t('Who walks together here, and what you hope for')}
          maxLength={500}
        />
      </FormField>
      <p className="text-sm text-muted-foreground">{t('You will lead it as its Community Moderator and can invite others with a code.')}</p>
      <Button type="submit" disabled={create.isPending} className="w-full sm:w-auto sm:justify-self-start">
        <Sparkles aria-hidden="true" />
        {create.isPending ? t('Creating...') : t('Create Community')}
      </Button>
    </form>
  );
}
