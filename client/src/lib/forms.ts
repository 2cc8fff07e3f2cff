import type { FieldValues, Path, Resolver, UseFormSetError } from 'react-hook-form';
import type { z } from 'zod/mini';
import { fieldErrors } from './api-client';

/**
 * Puts the server's per-field messages (400/409 `fields`) on the matching form fields and focuses
 * the first. Returns true when at least one field got a message.
 */
export function applyServerFieldErrors<T extends FieldValues>(error: unknown, setError: UseFormSetError<T>, names: readonly Path<T>[]): boolean {
  const fields = fieldErrors(error);
  let applied = false;
  for (const name of names) {
    const message = fields[name];
    if (!message) continue;
    setError(name, { type: 'server', message }, { shouldFocus: !applied });
    applied = true;
  }
  return applied;
}

type ZodSchema = z.core.$ZodType<FieldValues, FieldValues>;

/**
 * A zod resolver whose schema, zod itself and the resolver download on demand: `preload()` starts that
 * (the /auth forms call it when a field is focused), and the first validation waits for it. It keeps zod out of the
 * first screen's bundle (scripts/bundle-budget.mjs). Should the download fail (offline), values go
 * through unchecked and the server, which checks them with the same fields, answers per field.
 */
export function lazyZodResolver<Schema extends ZodSchema>(
  loadSchema: () => Promise<Schema>,
): Resolver<z.input<Schema>, unknown, z.output<Schema>> & { preload: () => Promise<unknown> } {
  let loading: Promise<Resolver<z.input<Schema>, unknown, z.output<Schema>>> | undefined;
  const preload = () => {
    loading ??= Promise.all([import('@hookform/resolvers/zod'), loadSchema()]).then(
      ([{ zodResolver }, schema]) => zodResolver(schema) as unknown as Resolver<z.input<Schema>, unknown, z.output<Schema>>,
      (error: unknown) => {
        loading = undefined; // retried on the next validation
        throw error;
      },
    );
    return loading;
  };
  const resolver: Resolver<z.input<Schema>, unknown, z.output<Schema>> = async (values, context, options) => {
    let resolve: Resolver<z.input<Schema>, unknown, z.output<Schema>>;
    try {
      resolve = await preload();
    } catch (error) {
      console.error('Could not load the form checks; the server checks the values', error);
      return { values: values as z.output<Schema>, errors: {} };
    }
    return resolve(values, context, options);
  };
  return Object.assign(resolver, { preload });
}
