import request from 'supertest';
import { createTestApp } from '../../test/app';
import { expectJsonError } from '../../test/community-fixtures';

const { app } = await createTestApp({ RATE_LIMIT_REGISTER_PER_IP: 2 });

describe('POST /api/claim rate limit', () => {
  it('is limited per address like registration (RATE_LIMIT_REGISTER_PER_IP), with a message and Retry-After', async () => {
    const body = { email: 'nobody@example.org', displayName: 'Nobody Here', password: 'a new and uncommon passphrase', importedUserId: '00000000-0000-4000-8000-000000000000' };
    for (let i = 0; i < 2; i++) expectJsonError(await request(app).post('/api/claim').send(body), 403);
    const limited = await request(app).post('/api/claim').send(body);
    expectJsonError(limited, 429, 'Too many sign-ups from your network. Please try again in an hour.');
    expect(limited.headers['retry-after']).toBeDefined();
  });
});
