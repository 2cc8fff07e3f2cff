import { screen, within } from '@testing-library/react';
import { MIXED_SCRIPTS_MESSAGE } from '@shared/contracts/account-fields';
import { apiError, deferred, type Handler, json, mockApi } from '@/test/api-mock';
import { makeMembership, makeUser } from '@/test/fixtures';
import { findToast, renderApp } from '@/test/render-app';

function renderProfile(routes: Record<string, Handler> = {}) {
  const api = mockApi({ 'GET /api/user': () => json(makeUser()), 'GET /api/memberships': () => json([makeMembership()]), ...routes });
  return { ...renderApp('/profile'), api };
}

async function openChangeName(user: ReturnType<typeof renderProfile>['user']) {
  await user.click(await screen.findByRole('button', { name: 'Change name' }));
  return within(await screen.findByRole('dialog', { name: 'Change name' }));
}

async function typeName(user: ReturnType<typeof renderProfile>['user'], dialog: ReturnType<typeof within>, name: string) {
  const field = dialog.getByLabelText('New display name');
  await user.clear(field);
  await user.type(field, name);
  await user.click(dialog.getByRole('button', { name: 'Save Name' }));
}

describe('/profile: Change name', () => {
  it('opens on the current name, sends PUT /api/user/name, shows the new name and says so', async () => {
    const change = deferred<Response>();
    const { user, api } = renderProfile({ 'PUT /api/user/name': () => change.promise });
    const dialog = await openChangeName(user);
    expect(dialog.getByLabelText('New display name')).toHaveValue('Ruth Moab');

    await typeName(user, dialog, '  Ruth   Naomi ');
    expect(await dialog.findByRole('button', { name: 'Saving...' })).toBeDisabled();
    // The contract's own normalisation: trimmed, inner spaces collapsed.
    expect(api.calls('PUT', '/api/user/name').map((call) => call.body)).toEqual([{ displayName: 'Ruth Naomi' }]);

    change.resolve(json(makeUser({ displayName: 'Ruth Naomi' })));
    expect(await findToast('Name changed')).toHaveTextContent('Your communities now see you as Ruth Naomi.');
    expect(screen.queryByRole('dialog', { name: 'Change name' })).not.toBeInTheDocument();
    expect(screen.getByLabelText('Display name')).toHaveValue('Ruth Naomi');
    // The user query took the answer: no second GET was needed.
    expect(api.calls('GET', '/api/user?optional=1').length + api.calls('GET', '/api/user').length).toBe(1);
  });

  it('refuses a name mixing scripts, or none, in the form with the contract’s words, before sending anything', async () => {
    const { user, api } = renderProfile();
    const dialog = await openChangeName(user);

    await typeName(user, dialog, 'Vісtim Mod');
    expect(await dialog.findByText(MIXED_SCRIPTS_MESSAGE)).toBeInTheDocument();
    expect(dialog.getByLabelText('New display name')).toHaveAttribute('aria-invalid', 'true');
    expect(dialog.getByLabelText('New display name')).toHaveAccessibleDescription(MIXED_SCRIPTS_MESSAGE);

    await user.clear(dialog.getByLabelText('New display name'));
    await user.click(dialog.getByRole('button', { name: 'Save Name' }));
    expect(await dialog.findByText('Name is required')).toBeInTheDocument();
    expect(api.calls('PUT', '/api/user/name')).toHaveLength(0);
  });

  it('shows the server’s 409 (a look-alike of a member, a name taken) on the field and keeps the dialog open', async () => {
    const message = 'This name looks like the name of a member of one of your communities, so people could mistake one of you for the other. Please choose another.';
    const { user } = renderProfile({ 'PUT /api/user/name': () => apiError(409, message, { displayName: message }, 'name_look_alike') });
    const dialog = await openChangeName(user);

    await typeName(user, dialog, 'Ruth Moah');
    expect(await dialog.findByText(message)).toBeInTheDocument();
    expect(dialog.getByLabelText('New display name')).toHaveAccessibleDescription(message);
    expect(screen.getByRole('dialog', { name: 'Change name' })).toBeInTheDocument();
    expect(screen.getByLabelText('Display name')).toHaveValue('Ruth Moab');
  });

  it('says so in a toast when the day’s changes are used up', async () => {
    const message = 'You have changed your name 10 times today. Please wait a day before changing it again.';
    const { user } = renderProfile({ 'PUT /api/user/name': () => apiError(429, message, undefined, 'rate_limited') });
    const dialog = await openChangeName(user);
    await typeName(user, dialog, 'Ruth Naomi');
    expect(await findToast('Name not changed')).toHaveTextContent(message);
  });

  it('closes without a request when the name is the same', async () => {
    const { user, api } = renderProfile();
    const dialog = await openChangeName(user);
    await user.click(dialog.getByRole('button', { name: 'Save Name' }));
    expect(screen.queryByRole('dialog', { name: 'Change name' })).not.toBeInTheDocument();
    expect(api.calls('PUT', '/api/user/name')).toHaveLength(0);
  });
});
