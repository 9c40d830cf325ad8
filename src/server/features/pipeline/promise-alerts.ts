import { and, asc, eq, isNull, lte, sql } from 'drizzle-orm';
import type { Db } from '~/server/db/client';
import { otherWorkFirst } from '~/server/lib/other-work-first';
import { carValuations, users, valuationEvents } from '~/server/db/schema';
import { PROMISE_HOURS, PROMISE_WARNING_HOURS, promiseDueAt } from '~/shared/staff-pipeline';
import { promiseBreached, promiseWarning, type Outbox, type PipelineAlertData } from '../messages';
import { awaitingFirstAnswer, staffName } from '../valuations';

/**
 * The 24-hour promise's alerts (issue 37), run by a background job every PROMISE_ALERTS_EVERY_MS:
 * at PROMISE_WARNING_HOURS without an answer, the owner is e-mailed (all staff, STAFF_NOTIFY_EMAIL,
 * while nobody owns it, or when the owner has no address); at PROMISE_HOURS, the breach alert goes
 * to the owner and all staff. Each goes once: the row records when it was queued, in the same
 * transaction as the e-mail, and rows are claimed with FOR UPDATE SKIP LOCKED, so two server
 * processes never send one twice. A request past 24 hours whose warning never went (the server was
 * down) gets the breach alert only.
 */

export const PROMISE_ALERTS_EVERY_MS = 60_000;
/** Requests alerted per transaction: a backlog is worked through in short transactions. */
const BATCH = 50;
const HOUR_MS = 3_600_000;

export type PromiseAlertDeps = { db: Db; outbox: Outbox; staffNotifyEmails: readonly string[] };

type Kind = 'warning' | 'breach';

export async function sendPromiseAlerts(
  deps: PromiseAlertDeps,
  now: Date,
  signal?: AbortSignal,
): Promise<{ warnings: number; breaches: number }> {
  let breaches = 0;
  let warnings = 0;
  for (;;) {
    if (signal?.aborted) break;
    const sent = await alertBatch(deps, 'breach', now);
    breaches += sent;
    if (sent < BATCH) break;
    await otherWorkFirst();
  }
  for (;;) {
    if (signal?.aborted) break;
    const sent = await alertBatch(deps, 'warning', now);
    warnings += sent;
    if (sent < BATCH) break;
    await otherWorkFirst();
  }
  return { warnings, breaches };
}

/**
 * The next batch of requests due `kind`'s alert at `now`, locked (the database tests EXPLAIN it).
 * It reads the partial index of requests not yet alerted at 24 hours
 * (car_valuations_promise_alert_due_idx), oldest first: only those past the hour. A request alerted
 * at 24 hours needs no warning (the breach marks both), so the warning's query names that too, and
 * the index serves both.
 */
export function promiseAlertsDueQuery(tx: Db, kind: Kind, now: Date) {
  const hours = kind === 'breach' ? PROMISE_HOURS : PROMISE_WARNING_HOURS;
  const sentColumn = kind === 'breach' ? carValuations.promiseBreachSentAt : carValuations.promiseWarningSentAt;
  return tx
    .select({
      id: carValuations.id,
      reference: carValuations.reference,
      registration: carValuations.registration,
      make: carValuations.make,
      model: carValuations.model,
      createdAt: carValuations.createdAt,
      assignedUserId: carValuations.assignedUserId,
    })
    .from(carValuations)
    .where(
      and(
        sql`${carValuations.isArchived} = false`,
        awaitingFirstAnswer(),
        lte(carValuations.createdAt, new Date(now.getTime() - hours * HOUR_MS)),
        isNull(carValuations.promiseBreachSentAt),
        isNull(sentColumn),
      ),
    )
    .orderBy(asc(carValuations.createdAt), asc(carValuations.id))
    .limit(BATCH)
    .for('update', { skipLocked: true, of: carValuations });
}

async function alertBatch(deps: PromiseAlertDeps, kind: Kind, now: Date): Promise<number> {
  return deps.db.transaction(async (tx) => {
    const due = await promiseAlertsDueQuery(tx, kind, now);
    if (due.length === 0) return 0;
    const owners = await ownersOf(tx, due);
    for (const request of due) {
      const owner = request.assignedUserId === null ? undefined : owners.get(request.assignedUserId);
      const to = recipients(kind, owner?.email ?? null, deps.staffNotifyEmails);
      const data: PipelineAlertData = {
        valuationId: request.id,
        reference: request.reference,
        registration: request.registration,
        make: request.make,
        model: request.model,
        receivedAt: request.createdAt.toISOString(),
        dueAt: promiseDueAt(request.createdAt).toISOString(),
        ownerName: owner?.name ?? null,
      };
      for (const address of to) {
        await deps.outbox.queueEmail(tx, {
          to: address,
          template: kind === 'breach' ? promiseBreached : promiseWarning,
          data,
          valuationId: request.id,
        });
      }
      await tx.insert(valuationEvents).values({
        valuationId: request.id,
        type: kind === 'breach' ? 'promise_breached' : 'promise_warning_sent',
        data: { to: to.length, owner: owner?.name ?? null },
        createdAt: now,
      });
      // The breach makes the warning moot: a late warning after it would only confuse.
      await tx
        .update(carValuations)
        .set(
          kind === 'breach'
            ? {
                promiseBreachSentAt: now,
                promiseWarningSentAt: sql`coalesce(${carValuations.promiseWarningSentAt}, ${now})`,
              }
            : { promiseWarningSentAt: now },
        )
        .where(eq(carValuations.id, request.id));
    }
    return due.length;
  });
}

/** The warning to the owner, or everyone while there is none; the breach to the owner and everyone. */
function recipients(kind: Kind, ownerEmail: string | null, staff: readonly string[]): string[] {
  if (kind === 'warning' && ownerEmail) return [ownerEmail];
  const all = ownerEmail ? [ownerEmail, ...staff] : [...staff];
  const seen = new Set<string>();
  return all.filter((address) => {
    const key = address.toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

async function ownersOf(tx: Db, rows: { assignedUserId: number | null }[]) {
  const ids = [...new Set(rows.map((r) => r.assignedUserId).filter((id): id is number => id !== null))];
  if (ids.length === 0) return new Map<number, { name: string; email: string | null }>();
  const found = await tx
    .select({
      id: users.id,
      username: users.username,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
    })
    .from(users)
    .where(sql`${users.id} in ${ids}`);
  return new Map(found.map((u) => [u.id, { name: staffName(u), email: u.email?.trim() || null }]));
}
