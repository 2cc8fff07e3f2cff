/**
 * Postgres could not be reached, or refused us, when the database was opened. Its message is one line
 * for an operator: where it tried (never the password), what Postgres or the network said, and what to
 * change. `cause` keeps the original error.
 */
export class DatabaseConnectError extends Error {
  constructor(databaseUrl: string, cause: unknown) {
    super(describeConnectFailure(databaseUrl, cause), { cause });
    this.name = 'DatabaseConnectError';
  }
}

/** "Postgres at localhost:5432, database steadfast, as user", read from the URL without its password. */
function target(databaseUrl: string): { where: string; host?: string; database?: string } {
  try {
    const url = new URL(databaseUrl);
    const host = url.hostname || 'localhost';
    const user = decodeURIComponent(url.username) || undefined;
    const database = decodeURIComponent(url.pathname.replace(/^\//, '')) || undefined;
    const where = `Postgres at ${host}:${url.port || '5432'}${database ? `, database ${database}` : ''}${user ? `, as ${user}` : ''}`;
    return { where, host, database };
  } catch {
    return { where: 'the Postgres named by DATABASE_URL' };
  }
}

export function describeConnectFailure(databaseUrl: string, error: unknown): string {
  const { where, host, database } = target(databaseUrl);
  const code = (error as { code?: unknown } | null)?.code;
  const said = error instanceof Error ? error.message.split('\n')[0]! : String(error);
  const prefix = `could not connect to ${where} (DATABASE_URL)`;
  switch (code) {
    case 'ECONNREFUSED':
      return `${prefix}: the connection was refused. Is Postgres running there, and are the host and port in DATABASE_URL right?`;
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return `${prefix}: the host ${host} is not known. Check the host in DATABASE_URL.`;
    case 'ETIMEDOUT':
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
      return `${prefix}: ${host} cannot be reached (${code}). Check the host in DATABASE_URL and the network.`;
    case '28000': // invalid_authorization_specification: the role does not exist, or pg_hba.conf refuses it
      return `${prefix}: ${said}. Put a Postgres role that exists in DATABASE_URL: postgres://<role>@<host>:<port>/<database> (often your login name).`;
    case '28P01': // invalid_password
      return `${prefix}: ${said}. Check the user and password in DATABASE_URL.`;
    case '3D000': // invalid_catalog_name
      return `${prefix}: ${said}. Create it (createdb ${database ?? '<database>'}) or name an existing one in DATABASE_URL.`;
    default:
      // pg's words when Postgres asks for a password (scram-sha-256) and the URL gives none.
      if (/client password must be a string/.test(said)) return `${prefix}: Postgres asks for a password. Put it in DATABASE_URL: postgres://<role>:<password>@<host>:<port>/<database>.`;
      if (/timeout/i.test(said)) return `${prefix}: no answer within 5 s. Is Postgres running there, and are the host and port in DATABASE_URL right?`;
      return `${prefix}: ${said}`;
  }
}
