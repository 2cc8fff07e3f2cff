import { sql, type SQL } from 'drizzle-orm';
import type { Discipline } from '@shared/domain/disciplines';
import { dailyLogs } from '@shared/schema/tracking';
import { type Executor, preparedPerDatabase } from '../../db/client';

/**
 * The daily disciplines a figure over many members counts: all of them (the order of discipline_days) and
 * those its viewer may see. A viewer outside a member's care circle sees no discipline kept in secret
 * (issue 26): its days are left out of every figure shown to them, the members' overall percents included.
 */
export interface CountedDisciplines {
  dailyKeys: readonly string[];
  shownKeys: readonly string[];
}

/** The daily disciplines, with those kept in secret left out unless the viewer may see them. */
export function countedDisciplines(dailyDisciplines: readonly Discipline[], seesSecrets: boolean): CountedDisciplines {
  return {
    dailyKeys: dailyDisciplines.map((discipline) => discipline.key),
    shownKeys: dailyDisciplines.filter((discipline) => seesSecrets || !discipline.isPrivate).map((discipline) => discipline.key),
  };
}

/** The order of discipline_days: the daily keys sorted (shared/domain/month-summary.ts). */
const summaryOrder = (dailyKeys: readonly string[]) => [...dailyKeys].sort();

/** The 1-based positions in discipline_days of the shown disciplines, and a name for that shape (prepared statements'). */
export function countedShape({ dailyKeys, shownKeys }: CountedDisciplines) {
  const order = summaryOrder(dailyKeys);
  const positions = order.flatMap((key, index) => (shownKeys.includes(key) ? [index + 1] : []));
  const all = positions.length === order.length;
  // A bitmask keeps the name short whatever the count: Postgres truncates statement names at 63 bytes.
  const shownMask = positions.reduce((mask, position) => mask | (1n << BigInt(position - 1)), 0n);
  return { order, positions, all, name: all ? String(order.length) : `${order.length}_of_${shownMask.toString(36)}` };
}
export type CountedShape = ReturnType<typeof countedShape>;

/**
 * A member's kept days in the month (0 without a log) as SQL over daily_logs: the stored count when every
 * discipline is shown, else the shown disciplines' days added up.
 */
export function keptDays(shape: CountedShape): SQL<number> {
  if (shape.all) return sql<number>`coalesce(${dailyLogs.completedCount}, 0)`;
  if (shape.positions.length === 0) return sql<number>`0`;
  return sql<number>`(${sql.join(shape.positions.map((position) => sql`coalesce(${dailyLogs.disciplineDays}[${sql.raw(String(position))}], 0)`), sql` + `)})`;
}

/**
 * Prepared statements made on first use, one per variant (the caller's: a scope's kind) and shape of counted
 * disciplines, since each shown discipline is SQL of its own (planning them cost Postgres about as much as
 * running them).
 */
export function preparedPerShape<Variant extends string, Statement>(build: (db: Executor, variant: Variant, shape: CountedShape) => Statement) {
  const statements = new Map<string, (db: Executor) => Statement>();
  return (db: Executor, variant: Variant, shape: CountedShape) => {
    const name = `${variant}_${shape.name}`;
    let statement = statements.get(name);
    if (!statement) statements.set(name, (statement = preparedPerDatabase((each) => build(each, variant, shape))));
    return statement(db);
  };
}
