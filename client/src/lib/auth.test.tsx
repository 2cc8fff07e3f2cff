import { render, screen } from '@testing-library/react';
import { OPTIONAL_SESSION_HEADER } from '@shared/contracts/session-check';
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

describe('the signed-in check (GET /api/user)', () => {
  it('asks for a signed-out answer that is no error (X-Session-Optional: 1), and takes 200 null as signed out', async () => {
    const api = mockApi({ 'GET /api/user': () => json(null) });
    const { location } = renderApp('/');
    expect(await screen.findByRole('tab', { name: 'Sign In' })).toBeInTheDocument();
    expect(location()).toBe('/auth');
    const [check] = api.calls('GET', '/api/user');
    expect(check?.headers.get(OPTIONAL_SESSION_HEADER)).toBe('1');
    expect(check?.credentials).toBe('include');
    expect(api.calls('GET', '/api/memberships')).toHaveLength(0);
  });

  it('still takes a 401 as signed out (a server that answers as SPEC.md says)', async () => {
    mockApi({ 'GET /api/user': unauthorized });
    const { location } = renderApp('/');
    expect(await screen.findByRole('tab', { name: 'Sign In' })).toBeInTheDocument();
    expect(location()).toBe('/auth');
  });
});
