import { isDatabaseUnavailable } from './errors';

const withCode = (code: string, message = 'driver error') => Object.assign(new Error(message), { code });
/** As pg reports an error Postgres sent: its severity (in the server's language) and the routine that raised it. */
const fromPostgres = (code: string, severity: string, routine: string, message: string) => Object.assign(new Error(message), { code, severity, routine });
const wrapped = (cause: Error) => Object.assign(new Error('Failed query: select 1'), { query: 'select 1', params: [], cause });

describe('isDatabaseUnavailable', () => {
  it.each([
    ['a refused connection, wrapped by drizzle', Object.assign(new Error('Failed query'), { cause: withCode('ECONNREFUSED') })],
    ['Postgres shutting down', withCode('57P01')],
    ['Postgres starting up', withCode('57P03')],
    ['too many connections', withCode('53300')],
    ['a connection exception', withCode('08006')],
    ['a connection lost mid-query', new Error('Connection terminated unexpectedly')],
    ['the database system is starting up (57P03), from Postgres', fromPostgres('57P03', 'FATAL', 'ProcessStartupPacket', 'the database system is starting up')],
    ['a database that does not allow connections (55000 on connect), wrapped by drizzle', wrapped(fromPostgres('55000', 'FATAL', 'CheckMyDatabase', 'database "steadfast" is not currently accepting connections'))],
    ['a database that does not allow connections, said by a server in Russian', fromPostgres('55000', 'ВАЖНО', 'CheckMyDatabase', 'база данных "steadfast" не принимает подключения')],
    ['too many connections (53300), from Postgres', fromPostgres('53300', 'FATAL', 'InitProcess', 'sorry, too many clients already')],
    ['a database dropped under its connections (57P04)', withCode('57P04')],
    ['no database of that name (3D000 on connect)', fromPostgres('3D000', 'FATAL', 'InitPostgres', 'database "steadfast" does not exist')],
    ['a role refused (28P01 on connect)', fromPostgres('28P01', 'FATAL', 'auth_failed', 'password authentication failed for user "steadfast"')],
    ['a connection that could not be made (08001)', withCode('08001')],
    ['a connection the server rejected (08004)', withCode('08004')],
    ['a refused connection, as node-postgres throws it', withCode('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5432')],
  ])('is true for %s', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it.each([
    ['a protocol violation (a bug, not an outage)', withCode('08P01')],
    ['a statement in the wrong state (55000 as an ERROR: a bug)', fromPostgres('55000', 'ERROR', 'lastval', 'lastval is not yet defined in this session')],
    ['a unique violation', withCode('23505')],
    ['a programming error', new TypeError("Cannot read properties of undefined (reading 'id')")],
    ['no error object', undefined],
  ])('is false for %s', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });
});
