import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '~/server/db/client';
import { callLogs, carValuations, type CallLog } from '~/server/db/schema';
import { UK_TIME_ZONE } from '~/server/features/valuations';

import {
  finalCallStatuses,
  liveCallStatuses,
  type CallListResponse,
  type CallLogItem,
  type CallStats,
  type CallStatus,
} from '~/shared/calls';

/**
 * The call log (SPEC section 3, `call_logs`). An inbound call's status is staff's view of it:
 * `ringing` while the caller waits for staff, `in-progress` once staff answered, then Twilio's final
 * status, except that a caller nobody answered ends as `no-answer` (Twilio reports `completed`: its
 * TwiML answered them). An outbound call (Make Call) follows Twilio's statuses as they come.
 */

/** The seller's name from their latest valuation with this number, so staff see who is calling. */
export async function customerNameFor(db: Db, e164: string | undefined): Promise<string | null> {
  if (!e164) return null;
  const [row] = await db
    .select({ firstName: carValuations.firstName, lastName: carValuations.lastName })
    .from(carValuations)
    .where(eq(carValuations.phoneE164, e164))
    .orderBy(desc(carValuations.createdAt))
    .limit(1);
  return row ? `${row.firstName} ${row.lastName}`.trim() : null;
}

export async function recordIncomingCall(db: Db, call: { callSid: string; from: string; to: string; at: Date }) {
  const customerName = await customerNameFor(db, call.from);
  // Twilio may send the same webhook again (a retry after a time-out): the first one stands.
  await db
    .insert(callLogs)
    .values({
      callSid: call.callSid,
      fromNumber: call.from.slice(0, 30),
      toNumber: call.to.slice(0, 30),
      status: 'ringing',
      direction: 'inbound',
      startTime: call.at,
      customerName,
    })
    .onConflictDoNothing({ target: callLogs.callSid });
}

export async function recordOutgoingCall(
  db: Db,
  call: { callSid: string; from: string; to: string; status: string; at: Date },
) {
  await db
    .insert(callLogs)
    .values({
      callSid: call.callSid,
      fromNumber: call.from,
      toNumber: call.to,
      status: call.status,
      direction: 'outbound',
      startTime: call.at,
      customerName: await customerNameFor(db, call.to),
    })
    .onConflictDoNothing({ target: callLogs.callSid });
}

export async function findCall(db: Db, callSid: string): Promise<CallLog | undefined> {
  const [row] = await db.select().from(callLogs).where(eq(callLogs.callSid, callSid));
  return row;
}

const isFinal = (status: string | null) => finalCallStatuses.includes(status as CallStatus);

/**
 * A status callback from Twilio. The same callback twice, or one arriving after a later one, changes
 * nothing: a final status is never replaced, and an inbound call's in-between statuses are Twilio's
 * (its TwiML answered the caller), not staff's, so only its final status is taken.
 */
export async function applyCallStatus(
  db: Db,
  update: { callSid: string; status: CallStatus; durationSeconds: number | null; at: Date },
): Promise<void> {
  const call = await findCall(db, update.callSid);
  if (!call || isFinal(call.status)) return;
  const final = isFinal(update.status);
  if (call.direction === 'inbound' && !final) return;
  const status =
    call.direction === 'inbound' && update.status === 'completed' && call.status === 'ringing'
      ? 'no-answer'
      : update.status;
  await db
    .update(callLogs)
    .set({
      status,
      ...(final ? { endTime: update.at, duration: update.durationSeconds ?? call.duration ?? 0 } : {}),
    })
    // Only from the status read above: a callback handled at the same moment elsewhere wins once.
    .where(and(eq(callLogs.id, call.id), sql`${callLogs.status} is not distinct from ${call.status}`));
}

/** A recording (voicemail, or a recorded staff call) as Twilio sent its URL. The first one stands. */
export async function attachRecording(db: Db, callSid: string, recordingUrl: string): Promise<void> {
  await db
    .update(callLogs)
    .set({ recordingUrl })
    .where(and(eq(callLogs.callSid, callSid), sql`${callLogs.recordingUrl} is null`));
}

/** Staff answered a waiting caller: the call as it is now, or undefined when it is no longer waiting. */
export async function markAnswered(db: Db, callSid: string): Promise<CallLog | undefined> {
  const [row] = await db
    .update(callLogs)
    .set({ status: 'in-progress' })
    .where(and(eq(callLogs.callSid, callSid), eq(callLogs.direction, 'inbound'), eq(callLogs.status, 'ringing')))
    .returning();
  return row;
}

/**
 * Staff pressed Answer but Twilio no longer has the call: the caller hung up while it rang. It ends
 * as a missed call now (its final status callback, when it comes, changes nothing: issue 32).
 */
export async function markHungUpBeforeAnswer(db: Db, callSid: string, at: Date): Promise<void> {
  await db
    .update(callLogs)
    .set({ status: 'no-answer', endTime: at })
    .where(and(eq(callLogs.callSid, callSid), eq(callLogs.status, 'in-progress')));
}

/** Staff's phone did not pick up after Answer: the caller is waiting again (then leaves a voicemail). */
export async function markWaitingAgain(db: Db, callSid: string): Promise<void> {
  await db
    .update(callLogs)
    .set({ status: 'ringing' })
    .where(and(eq(callLogs.callSid, callSid), eq(callLogs.status, 'in-progress')));
}

/** Calls staff are on or placing: their own calls not yet ended, and callers they answered. */
export async function staffLiveCalls(db: Db): Promise<CallLog[]> {
  return db
    .select()
    .from(callLogs)
    .where(
      sql`(${callLogs.direction} = 'outbound' and ${inArray(callLogs.status, [...liveCallStatuses])})
        or (${callLogs.direction} = 'inbound' and ${callLogs.status} = 'in-progress')`,
    )
    .orderBy(desc(callLogs.createdAt))
    .limit(20);
}

export async function saveCallNotes(db: Db, callSid: string, notes: string): Promise<CallLog | undefined> {
  const [row] = await db
    .update(callLogs)
    .set({ notes: notes || null })
    .where(eq(callLogs.callSid, callSid))
    .returning();
  return row;
}

export function toCallLogItem(row: CallLog): CallLogItem {
  return {
    id: row.id,
    callSid: row.callSid,
    fromNumber: row.fromNumber,
    toNumber: row.toNumber,
    status: row.status,
    direction: row.direction,
    duration: row.duration,
    hasRecording: row.recordingUrl !== null,
    startTime: row.startTime?.toISOString() ?? null,
    endTime: row.endTime?.toISOString() ?? null,
    customerName: row.customerName,
    notes: row.notes,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Newest first, a page at a time (DESIGN 6), on `call_logs_created_at_idx`. */
export async function listCalls(db: Db, page: number, pageSize: number): Promise<CallListResponse> {
  const [rows, [{ total }]] = (await Promise.all([
    db
      .select()
      .from(callLogs)
      .orderBy(desc(callLogs.createdAt), desc(callLogs.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ total: count() }).from(callLogs),
  ])) as [CallLog[], [{ total: number }]];
  return {
    items: rows.map(toCallLogItem),
    page,
    pageSize,
    total,
    pageCount: Math.max(1, Math.ceil(total / pageSize)),
  };
}

/** SPEC section 3: total, today (since the last London midnight), answered, average duration of answered calls. */
export async function callStats(db: Db, now: Date): Promise<CallStats> {
  const todayStarts = sql`(date_trunc('day', ${now.toISOString()}::timestamptz at time zone ${UK_TIME_ZONE}) at time zone ${UK_TIME_ZONE})`;
  const [row] = await db
    .select({
      total: sql<number>`count(*)::int`,
      today: sql<number>`(count(*) filter (where ${callLogs.createdAt} >= ${todayStarts}))::int`,
      answered: sql<number>`(count(*) filter (where ${callLogs.status} = 'completed'))::int`,
      averageDuration: sql<number>`coalesce(round(avg(${callLogs.duration}) filter (where ${callLogs.status} = 'completed')), 0)::int`,
    })
    .from(callLogs);
  return row ?? { total: 0, today: 0, answered: 0, averageDuration: 0 };
}
