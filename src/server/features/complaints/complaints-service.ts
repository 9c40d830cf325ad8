import { randomInt } from 'node:crypto';
import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '~/server/db/client';
import { paginate } from '~/server/db/paginate';
import { dataProtectionComplaints, users } from '~/server/db/schema';
import { AppError } from '~/server/http/app-error';
import {
  COMPLAINT_REFERENCE_ALPHABET,
  complaintMessages as m,
  type AdminComplaint,
  type AdminComplaintList,
  type AdminComplaintListQuery,
  type ComplaintCreated,
  type NewComplaint,
} from '~/shared/complaints';
import { toE164 } from '~/shared/phone';
import { complaintReceived, newComplaint, type Outbox } from '../messages';

/**
 * Data-protection complaints (issue 18; DPA 2018 s.164A). A complaint is stored open, with the
 * sender's acknowledgement and staff's alert queued in the same transaction; staff resolve it
 * once they have replied, with a note of what they did. Thin routes in complaints-routes.ts.
 */

const c = dataProtectionComplaints;

/** No 0/O, 1/I/L or 5/S: a reference read out on the phone or copied by hand comes out right. */
const REFERENCE_ALPHABET = COMPLAINT_REFERENCE_ALPHABET;
const REFERENCE_LENGTH = 6;
/** A clash at 29^6 (about 595 million) references is rare; several in a row means something else is wrong. */
const REFERENCE_ATTEMPTS = 5;

/** "DP-7K3M9Q": random, from a cryptographic source. */
export function newComplaintReference(): string {
  let code = '';
  for (let i = 0; i < REFERENCE_LENGTH; i += 1) code += REFERENCE_ALPHABET[randomInt(REFERENCE_ALPHABET.length)];
  return `DP-${code}`;
}

export type CreateComplaintDeps = {
  outbox: Outbox;
  /** Who gets the "new complaint" e-mail (STAFF_NOTIFY_EMAIL); none when empty. */
  staffNotifyEmails: readonly string[];
  clock: () => Date;
  /** Tests pass their own to make references clash. */
  newReference?: () => string;
};

/**
 * Stores a complaint as open and queues the sender's acknowledgement and the staff alert, all
 * in `tx`: they commit together or not at all. A reference already taken is drawn again.
 */
export async function createComplaint(
  tx: Db,
  deps: CreateComplaintDeps,
  input: NewComplaint,
): Promise<ComplaintCreated & { id: string }> {
  const now = deps.clock();
  const draw = deps.newReference ?? newComplaintReference;
  let created: { id: string; reference: string } | undefined;
  for (let attempt = 0; attempt < REFERENCE_ATTEMPTS && !created; attempt += 1) {
    // ON CONFLICT DO NOTHING, not a caught error: a failed statement would end the transaction.
    [created] = await tx
      .insert(c)
      .values({
        reference: draw(),
        name: input.name,
        email: input.email,
        phone: input.phone,
        phoneE164: input.phone ? (toE164(input.phone) ?? null) : null,
        details: input.details,
        status: 'open',
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing({ target: c.reference })
      .returning({ id: c.id, reference: c.reference });
  }
  if (!created) throw new Error(`No free complaint reference after ${REFERENCE_ATTEMPTS} attempts`);

  const { id, reference } = created;
  await deps.outbox.queueEmail(tx, {
    to: input.email,
    template: complaintReceived,
    data: {
      reference,
      name: input.name,
      email: input.email,
      phone: input.phone,
      details: input.details,
      receivedAt: now,
    },
    complaintId: id,
  });
  for (const to of deps.staffNotifyEmails) {
    await deps.outbox.queueEmail(tx, {
      to,
      template: newComplaint,
      data: { reference, name: input.name, email: input.email, phone: input.phone, receivedAt: now },
      complaintId: id,
    });
  }
  return { id, reference };
}

const adminColumns = {
  id: c.id,
  reference: c.reference,
  name: c.name,
  email: c.email,
  phone: c.phone,
  details: c.details,
  status: c.status,
  createdAt: c.createdAt,
  resolutionNote: c.resolutionNote,
  resolvedAt: c.resolvedAt,
  resolvedBy: users.username,
};

const adminSelect = (db: Db) => db.select(adminColumns).from(c).leftJoin(users, eq(users.id, c.resolvedBy));
type AdminRow = Awaited<ReturnType<typeof adminSelect>>[number];

function toAdminComplaint(row: AdminRow): AdminComplaint {
  return {
    id: row.id,
    reference: row.reference,
    name: row.name,
    email: row.email,
    phone: row.phone,
    details: row.details,
    status: row.status,
    receivedAt: row.createdAt.toISOString(),
    resolutionNote: row.resolutionNote,
    resolvedAt: row.resolvedAt?.toISOString() ?? null,
    resolvedBy: row.resolvedBy,
  };
}

/** One page of the open, resolved or all complaints, newest first, with the open and resolved counts. */
export async function listAdminComplaints(db: Db, query: AdminComplaintListQuery): Promise<AdminComplaintList> {
  const where: SQL | undefined = query.status === 'all' ? undefined : eq(c.status, query.status);
  const list = adminSelect(db).where(where).orderBy(desc(c.createdAt), desc(c.id)).$dynamic();
  const [page, counts] = await Promise.all([paginate(db, list, query), countComplaints(db)]);
  return { ...page, items: page.items.map(toAdminComplaint), counts };
}

export async function countComplaints(db: Db): Promise<{ open: number; resolved: number }> {
  const [counted] = await db
    .select({
      open: sql<number>`(count(*) filter (where ${c.status} = 'open'))::int`,
      resolved: sql<number>`(count(*) filter (where ${c.status} = 'resolved'))::int`,
    })
    .from(c);
  return { open: Number(counted?.open ?? 0), resolved: Number(counted?.resolved ?? 0) };
}

/**
 * Marks a complaint resolved with staff's note, who and when, its row locked so two admins
 * pressing at once give one change and one 409. The complaint as staff now see it.
 */
export async function resolveComplaint(
  db: Db,
  { id, resolutionNote, actorUserId, now }: { id: string; resolutionNote: string; actorUserId: number; now: Date },
): Promise<AdminComplaint> {
  return db.transaction(async (tx) => {
    const [state] = await tx.select({ status: c.status }).from(c).where(eq(c.id, id)).for('update');
    if (!state) throw new AppError('NOT_FOUND', m.notFound);
    if (state.status === 'resolved') throw new AppError('CONFLICT', m.alreadyResolved);
    await tx
      .update(c)
      .set({ status: 'resolved', resolutionNote, resolvedAt: now, resolvedBy: actorUserId, updatedAt: now })
      .where(and(eq(c.id, id), eq(c.status, 'open')));
    const [row] = await adminSelect(tx).where(eq(c.id, id));
    return toAdminComplaint(row!);
  });
}
