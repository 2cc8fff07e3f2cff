import fs from 'node:fs';
import path from 'node:path';
import { render, screen } from '@testing-library/react';
import { SIGNED_IN_CHECK_URL } from '@shared/contracts/session-check';
import { json, mockApi, unauthorized } from '@/test/api-mock';
import { renderApp } from '@/test/render-app';
import { useAuth } from './auth';

function Probe() {
  useAuth();
  return null;
}

describe('useAuth', () => {
  it('throws outside its provider', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => render(<Probe />)).toThrow('useAuth must be used within an AuthProvider');
  });
});

describe('the signed-in check', () => {
  it('asks GET /api/user?optional=1, answered 200 null when signed out (no 4xx for the console), and takes that as signed out', async () => {
    const api = mockApi({ [`GET ${SIGNED_IN_CHECK_URL}`]: () => json(null) });
    const { location } = renderApp('/');
    expect(await screen.findByRole('tab', { name: 'Sign In' })).toBeInTheDocument();
    expect(location()).toBe('/auth');
    expect(api.calls('GET', SIGNED_IN_CHECK_URL)).toHaveLength(1);
    expect(api.calls('GET', SIGNED_IN_CHECK_URL)[0]?.credentials).toBe('include');
    expect(api.calls('GET', '/api/memberships')).toHaveLength(0);
  });

  it('is the URL index.html preloads (a preload is used only by a request for the same URL)', () => {
    const html = fs.readFileSync(path.resolve(import.meta.dirname, '../../index.html'), 'utf8');
    const preloads = [...html.matchAll(/<link rel="preload" href="([^"]+)" as="fetch"/g)].map((match) => match[1]);
    expect(preloads).toEqual([SIGNED_IN_CHECK_URL]);
  });

  it('still takes a 401 as signed out (a server that answers as SPEC.md says)', async () => {
    mockApi({ 'GET /api/user': unauthorized });
    const { location } = renderApp('/');
    expect(await screen.findByRole('tab', { name: 'Sign In' })).toBeInTheDocument();
    expect(location()).toBe('/auth');
  });
});
