import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '~/server/db/client';
import { carValuations, users, valuationContacts, valuationEvents } from '~/server/db/schema';
import { AppError } from '~/server/http/app-error';
import { adminValuationMessages } from '~/shared/admin-valuations';
import type { ValuationListItem } from '~/shared/admin-valuations';
import {
  pipelineMessages,
  promiseDueAt,
  type ContactChannel,
  type PipelineDetail,
  type StaffMember,
} from '~/shared/staff-pipeline';
import { requestAssigned, type Outbox } from '../messages';
import { listItemOf, listRowById, moveValuation, recordFirstAnswer, staffName } from '../valuations';

/**
 * Who owns a request, and what staff did to answer it (issue 37). The first answer (an offer sent,
 * or a contact logged with its channel) stops the 24-hour promise's clock: `first_answered_at` is
 * set once, in the transaction of that answer, and never moved.
 */

/** Staff, by name, in the order an owner picker lists them. */
export async function listStaff(db: Db): Promise<StaffMember[]> {
  const rows = await db
    .select({ id: users.id, username: users.username, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .orderBy(asc(sql`lower(coalesce(nullif(trim(${users.firstName}), ''), ${users.username}))`), asc(users.id));
  return rows.map((user) => ({ id: user.id, name: staffName(user) }));
}

async function staffMember(db: Db, userId: number): Promise<(StaffMember & { email: string | null }) | undefined> {
  const [user] = await db
    .select({
      id: users.id,
      username: users.username,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
    })
    .from(users)
    .where(eq(users.id, userId));
  return user && { id: user.id, name: staffName(user), email: user.email?.trim() || null };
}

/** Locks the request's row for the rest of the transaction, or 404. */
async function lockRequest(tx: Db, id: string) {
  const [row] = await tx
    .select({
      id: carValuations.id,
      reference: carValuations.reference,
      registration: carValuations.registration,
      make: carValuations.make,
      model: carValuations.model,
      status: carValuations.status,
      createdAt: carValuations.createdAt,
      assignedUserId: carValuations.assignedUserId,
      firstAnsweredAt: carValuations.firstAnsweredAt,
    })
    .from(carValuations)
    .where(eq(carValuations.id, id))
    .for('update');
  if (!row) throw new AppError('NOT_FOUND', adminValuationMessages.notFound);
  return row;
}

export type OwnerChangeAction = { id: string; toUserId: number | null; actorUserId: number; now: Date };

/**
 * Gives the request to `toUserId` (or to nobody), with an "assigned" line on its timeline; the new
 * owner is e-mailed when someone else gave it to them (not when they claimed it). Giving it to the
 * owner it has changes nothing, so a double click is harmless.
 */
export async function changeOwner(db: Db, outbox: Outbox, action: OwnerChangeAction): Promise<ValuationListItem> {
  const { id, toUserId, actorUserId, now } = action;
  return db.transaction(async (tx) => {
    const request = await lockRequest(tx, id);
    const owner = toUserId === null ? null : await staffMember(tx, toUserId);
    if (toUserId !== null && !owner) {
      throw new AppError('INVALID_INPUT', pipelineMessages.ownerNotFound, {
        issues: [{ path: 'userId', message: pipelineMessages.ownerNotFound }],
      });
    }
    if (request.assignedUserId !== toUserId) {
      await tx
        .update(carValuations)
        .set({ assignedUserId: toUserId, assignedAt: toUserId === null ? null : now, updatedAt: now })
        .where(eq(carValuations.id, id));
      await tx.insert(valuationEvents).values({
        valuationId: id,
        type: 'assigned',
        data: { fromUserId: request.assignedUserId, toUserId, claimed: toUserId === actorUserId },
        actorUserId,
        createdAt: now,
      });
      if (owner?.email && toUserId !== actorUserId) {
        const by = await staffMember(tx, actorUserId);
        await outbox.queueEmail(tx, {
          to: owner.email,
          template: requestAssigned,
          data: {
            valuationId: id,
            reference: request.reference,
            registration: request.registration,
            make: request.make,
            model: request.model,
            receivedAt: request.createdAt.toISOString(),
            dueAt: promiseDueAt(request.createdAt).toISOString(),
            ownerName: owner.name,
            assignedBy: by?.name ?? 'A colleague',
            answered: request.firstAnsweredAt !== null,
          },
          valuationId: id,
        });
      }
    }
    return listItemOf(tx, await listRowById(tx, id));
  });
}

export type ContactAction = {
  id: string;
  channel: ContactChannel;
  note: string | null;
  actorUserId: number;
  now: Date;
};

/**
 * Records that staff reached the seller, and how: the contact, its timeline line, the first answer
 * if it is one, and a new request moves to "Contacted" through the lifecycle. A request further on
 * keeps its stage (a call about the collection is a contact too).
 */
export async function logContact(db: Db, action: ContactAction): Promise<ValuationListItem> {
  const { id, channel, note, actorUserId, now } = action;
  return db.transaction(async (tx) => {
    const request = await lockRequest(tx, id);
    const [contact] = await tx
      .insert(valuationContacts)
      .values({ valuationId: id, channel, note, userId: actorUserId, createdAt: now })
      .returning({ id: valuationContacts.id });
    await tx.insert(valuationEvents).values({
      valuationId: id,
      type: 'contact_logged',
      data: { contactId: contact!.id, channel, ...(note ? { note } : {}) },
      actorUserId,
      createdAt: now,
    });
    await recordFirstAnswer(tx, id, now);
    if (request.status === 'new') {
      await moveValuation(tx, {
        valuation: request,
        event: { type: 'contact' },
        actor: { kind: 'staff', userId: actorUserId },
        now,
      });
    }
    return listItemOf(tx, await listRowById(tx, id));
  });
}

/** The detail page's owner, promise and contacts (newest first). */
export async function pipelineDetail(db: Db, id: string, now: Date): Promise<PipelineDetail> {
  const [row] = await db
    .select({
      createdAt: carValuations.createdAt,
      assignedUserId: carValuations.assignedUserId,
      assignedAt: carValuations.assignedAt,
      firstAnsweredAt: carValuations.firstAnsweredAt,
    })
    .from(carValuations)
    .where(eq(carValuations.id, id));
  if (!row) throw new AppError('NOT_FOUND', adminValuationMessages.notFound);
  const owner = row.assignedUserId === null ? undefined : await staffMember(db, row.assignedUserId);
  const contacts = await db
    .select({
      id: valuationContacts.id,
      channel: valuationContacts.channel,
      note: valuationContacts.note,
      createdAt: valuationContacts.createdAt,
      username: users.username,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(valuationContacts)
    .leftJoin(users, eq(users.id, valuationContacts.userId))
    .where(eq(valuationContacts.valuationId, id))
    .orderBy(sql`${valuationContacts.createdAt} desc`);
  return {
    owner: owner ? { id: owner.id, name: owner.name } : null,
    assignedAt: row.assignedAt?.toISOString() ?? null,
    promise: {
      dueAt: promiseDueAt(row.createdAt).toISOString(),
      firstAnsweredAt: row.firstAnsweredAt?.toISOString() ?? null,
    },
    now: now.toISOString(),
    contacts: contacts.map((c) => ({
      id: c.id,
      channel: c.channel,
      note: c.note,
      by: c.username ? staffName({ username: c.username, firstName: c.firstName, lastName: c.lastName }) : null,
      createdAt: c.createdAt.toISOString(),
    })),
  };
}
