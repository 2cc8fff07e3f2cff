import { isDatabaseUnavailable } from './errors';

const withCode = (code: string, message = 'driver error') => Object.assign(new Error(message), { code });

describe('isDatabaseUnavailable', () => {
  it.each([
    ['a refused connection, wrapped by drizzle', Object.assign(new Error('Failed query'), { cause: withCode('ECONNREFUSED') })],
    ['Postgres shutting down', withCode('57P01')],
    ['Postgres starting up', withCode('57P03')],
    ['too many connections', withCode('53300')],
    ['a connection exception', withCode('08006')],
    ['a connection lost mid-query', new Error('Connection terminated unexpectedly')],
  ])('is true for %s', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it.each([
    ['a protocol violation (a bug, not an outage)', withCode('08P01')],
    ['a unique violation', withCode('23505')],
    ['a programming error', new TypeError("Cannot read properties of undefined (reading 'id')")],
    ['no error object', undefined],
  ])('is false for %s', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });
});
