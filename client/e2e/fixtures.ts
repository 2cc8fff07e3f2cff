import { randomUUID } from 'node:crypto';
import { expect, type Page } from '@playwright/test';

export const PASSWORD = 'walking-in-faith-2026';

export function newIdentity(prefix = 'E2E') {
  const suffix = randomUUID().slice(0, 8);
  return { email: `${prefix.toLowerCase()}-${suffix}@example.org`, displayName: `${prefix} ${suffix}`, password: PASSWORD };
}

/** Signs up through the /auth screen; a new account has no community yet, so it lands on /community-access. */
export async function signUpThroughUi(page: Page, identity = newIdentity()) {
  await page.goto('/auth');
  await page.getByRole('tab', { name: 'Sign Up' }).click();
  const form = page.getByRole('tabpanel', { name: 'Sign Up' });
  await form.getByLabel(/e-?mail/i).fill(identity.email);
  await form.getByLabel(/name/i).fill(identity.displayName);
  await expect(form.getByText('Name is available!')).toBeVisible();
  await form.getByLabel(/^password$/i).fill(identity.password);
  await form.getByLabel(/confirm password/i).fill(identity.password);
  await form.getByRole('button', { name: 'Start Your Journey' }).click();
  await expect(page).toHaveURL(/\/community-access$/);
  return identity;
}

export async function signInThroughUi(page: Page, email: string, password: string) {
  await page.goto('/auth');
  const form = page.getByRole('tabpanel', { name: 'Sign In' });
  await form.getByLabel(/e-?mail/i).fill(email);
  await form.getByLabel(/^password$/i).fill(password);
  await form.getByRole('button', { name: 'Sign in to Steadfast' }).click();
}
