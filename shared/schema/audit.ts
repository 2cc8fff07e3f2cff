import { index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { createdAt, id } from './columns';
import { communities } from './communities';

export const auditLogs = pgTable(
  'audit_logs',
  {
    id: id(),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    /**
     * Who acted when no account stands behind `actorId` any more: 'a deleted account' once the actor deleted
     * theirs (issue 39). Null with a null `actorId` is the server's operator (a command-line script).
     */
    actorLabel: text('actor_label'),
    communityId: uuid('community_id').references(() => communities.id, { onDelete: 'set null' }),
    entity: text('entity').notNull(),
    entityId: text('entity_id').notNull(),
    action: text('action').notNull(),
    diff: jsonb('diff'),
    createdAt: createdAt(),
  },
  (t) => [
    index('audit_logs_community_idx').on(t.communityId, t.createdAt),
    // Retention (issue 39): entries older than 400 days are pruned oldest first; an account's entries are found on deletion.
    index('audit_logs_created_idx').on(t.createdAt),
    index('audit_logs_actor_idx').on(t.actorId),
    index('audit_logs_entity_idx').on(t.entityId),
  ],
);
