import { type FormEvent, useState } from 'react';
import type { CommunityMember } from '@shared/contracts/communities';
import { ROLES, type Role } from '@shared/domain/constants';
import { canGrant, highestRole, ROLE_ORDER, roleLabel } from '@shared/domain/roles';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { toast } from '@/components/ui/use-toast';
import { formatList, i18n, msg, useT } from '@/i18n';
import { ApiError, errorMessage } from '@/lib/api-client';
import { useUpdateRoles } from '../api';
import { roleName } from '@/i18n/labels';

export const ROLE_PERMISSION_MESSAGE = msg("You don't have permission to modify this user's roles");

const ROLE_DESCRIPTIONS: Record<Role, string> = {
  SuperAdmin: msg('System-wide administration'),
  InstitutionAdmin: msg('Administers every community of the institution'),
  CommunityModerator: msg('Full admin rights in this community'),
  Commander: msg('Leads a subgroup and mentors its members'),
  Member: msg('Tracks disciplines and asks their commander'),
};

/** The roles a viewer may tick: every role but SuperAdmin (granted from the command line) up to their own. */
export function editableRoles(viewerRoles: readonly Role[]): Role[] {
  return ROLES.filter((role) => role !== 'SuperAdmin' && canGrant(viewerRoles, role));
}

/**
 * The roles PATCH /api/users/{id}/role receives: the ticked ones plus any held role this viewer cannot
 * change, highest first; Member when nothing is ticked (SPEC.md section 4).
 */
export function rolesToApply(selected: ReadonlySet<Role>, held: readonly Role[], editable: readonly Role[]): Role[] {
  const roles = ROLE_ORDER.filter((role) => (editable.includes(role) ? selected.has(role) : held.includes(role)));
  return roles.length > 0 ? roles : ['Member'];
}

export const cannotEditOwnRoles = () =>
  toast({ title: i18n.t('Cannot edit own roles'), description: i18n.t('Another moderator of this community can change your roles.'), variant: 'destructive' });

interface RoleEditorDialogProps {
  communityId: string;
  member: CommunityMember | null;
  viewerId: string;
  viewerRoles: readonly Role[];
  onClose: () => void;
}

/** 'Edit Roles' for one member: ticked roles take effect only after 'Apply Changes'. */
export function RoleEditorDialog({ communityId, member, viewerId, viewerRoles, onClose }: RoleEditorDialogProps) {
  return (
    <Dialog open={member !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent>
        {member ? <RoleEditorForm key={member.id} communityId={communityId} member={member} viewerId={viewerId} viewerRoles={viewerRoles} onClose={onClose} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function RoleEditorForm({ communityId, member, viewerId, viewerRoles, onClose }: RoleEditorDialogProps & { member: CommunityMember }) {
  const t = useT();
  const editable = editableRoles(viewerRoles);
  const [selected, setSelected] = useState<Set<Role>>(() => new Set(member.roles.filter((role) => editable.includes(role))));
  const locked = member.roles.filter((role) => !editable.includes(role));
  const update = useUpdateRoles(communityId);

  const toggle = (role: Role, checked: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      if (checked) next.add(role);
      else next.delete(role);
      return next;
    });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (member.id === viewerId) {
      cannotEditOwnRoles();
      return;
    }
    const roles = rolesToApply(selected, member.roles, editable);
    update.mutate(
      { userId: member.id, roles },
      {
        onSuccess: (updated) => {
          toast({
            title: t('Role Updated'),
            description: t('{name} is now {role}.', { name: member.displayName, role: roleName(highestRole(updated.roles ?? roles)) }),
            variant: 'success',
          });
          onClose();
        },
        onError: (error) =>
          toast({
            title: t('Failed to Update Roles'),
            description: error instanceof ApiError && error.status === 403 ? t(ROLE_PERMISSION_MESSAGE) : errorMessage(error, t('Please try again')),
            variant: 'destructive',
          }),
      },
    );
  };

  return (
    <form onSubmit={onSubmit} className="grid gap-4">
      <DialogHeader>
        <DialogTitle>{t('Edit Roles')}</DialogTitle>
        <DialogDescription>
          {t('Choose the roles {name} holds in this community. Nothing changes until you select Apply Changes; with no role selected, {name} is a Member.', {
            name: member.displayName,
          })}
        </DialogDescription>
      </DialogHeader>
      <fieldset className="grid gap-2">
        <legend className="sr-only">{t('Roles for {name}', { name: member.displayName })}</legend>
        {editable.map((role) => {
          const id = `role-${member.id}-${role}`;
          return (
            <label key={role} htmlFor={id} className="flex cursor-pointer items-start gap-3 rounded-xl border border-border p-3 transition-colors hover:bg-muted has-[:checked]:border-primary-300 has-[:checked]:bg-primary-50">
              <Checkbox id={id} className="mt-0.5" checked={selected.has(role)} onChange={(event) => toggle(role, event.target.checked)} />
              <span className="grid gap-0.5">
                <span className="text-sm font-medium">{roleName(role)}</span>
                <span className="text-xs text-muted-foreground">{t(ROLE_DESCRIPTIONS[role])}</span>
              </span>
            </label>
          );
        })}
      </fieldset>
      {locked.length > 0 ? (
        <p className="text-sm text-muted-foreground">
          {t('{name} also holds {roles}, which only a higher role can change.', { name: member.displayName, roles: formatList(locked.map(roleLabel)) })}
        </p>
      ) : null}
      <DialogFooter>
        <Button variant="outline" onClick={onClose} disabled={update.isPending}>
          {t('Cancel')}
        </Button>
        <Button type="submit" disabled={update.isPending}>
          {update.isPending ? t('Applying...') : t('Apply Changes')}
        </Button>
      </DialogFooter>
    </form>
  );
}
