import { Readable } from 'node:stream';
import { otherWorkFirst } from '~/server/lib/other-work-first';
import { csvRow, UTF8_BOM, type Cell } from './csv';

/**
 * A CSV file written as it is read from the database, in constant memory whatever its length
 * (issue 37: 100,000 rows and more).
 *
 * The rows come in batches (`next`, a keyset query: see valuations-export.ts); each batch becomes
 * one chunk of the response. The stream asks for the next batch only when the one before has
 * been taken by the connection (Readable.from pulls on demand), so a slow download slows the
 * queries rather than filling memory, and a cancelled one stops them (the generator is closed).
 * No transaction or cursor stays open between batches: on PGlite, one connection in-process,
 * that would stall every other request until the download ended.
 *
 * The first batch is read before anything is sent, so a failure then is the normal JSON error;
 * a failure later destroys the stream, and with it the response (Fastify cuts the connection),
 * so the download fails visibly instead of looking complete.
 */

/**
 * Rows per query. On PGlite a query runs on the server's own thread: 500 rows take 30 to 300 ms
 * there (their pages are read from its files), short enough for other staff's requests to go
 * between batches; 1,000 took as long in all, in slices of up to 700 ms. On PostgreSQL the size
 * barely matters (100,000 rows in about 3 s of queries either way).
 */
export const EXPORT_BATCH_SIZE = 500;

export type CsvSource<Row> = {
  columns: readonly string[];
  /** The `limit` rows after `after` in the file's order (the first ones when undefined). */
  next: (after: Row | undefined, limit: number) => Promise<Row[]>;
  cells: (row: Row) => Cell[];
};

export type CsvOutcome = {
  /** complete; failed (a batch's query threw); cancelled (the client went away first). */
  outcome: 'complete' | 'failed' | 'cancelled';
  rows: number;
  ms: number;
  error?: unknown;
};

export async function csvStream<Row>(
  source: CsvSource<Row>,
  options: { batchSize?: number; onEnd: (outcome: CsvOutcome) => void },
): Promise<Readable> {
  const batchSize = options.batchSize ?? EXPORT_BATCH_SIZE;
  const started = performance.now();
  const first = await source.next(undefined, batchSize);

  async function* chunks(): AsyncGenerator<Buffer> {
    let rows = 0;
    const end = (outcome: CsvOutcome['outcome'], error?: unknown) =>
      options.onEnd({ outcome, rows, ms: Math.round(performance.now() - started), ...(error ? { error } : {}) });
    let ended = false;
    // An error thrown in at a yield is the consumer's (a compressed download cancelled arrives as
    // "premature close"), not a failure of ours.
    let handedOver = false;
    try {
      let batch = first;
      let text = UTF8_BOM + csvRow(source.columns);
      for (;;) {
        for (const row of batch) text += csvRow(source.cells(row));
        rows += batch.length;
        handedOver = true;
        if (text) yield Buffer.from(text, 'utf8');
        handedOver = false;
        if (batch.length < batchSize) break;
        await otherWorkFirst();
        batch = await source.next(batch[batch.length - 1], batchSize);
        text = '';
      }
      ended = true;
      end('complete');
    } catch (error) {
      ended = true;
      if (handedOver) end('cancelled');
      else end('failed', error);
      throw error;
    } finally {
      // Closed early: the client cancelled or the connection dropped (the stream was destroyed).
      if (!ended) end('cancelled');
    }
  }

  return Readable.from(chunks(), { objectMode: false });
}
