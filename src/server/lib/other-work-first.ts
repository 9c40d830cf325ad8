/**
 * Lets the event loop take in other requests before a loop's next batch.
 *
 * PGlite answers in-process: its queries resolve as promises without ever waiting for I/O, so a
 * loop of batches (an export, a job working through a backlog) never leaves the microtask queue,
 * and every other request to the server, static files included, waits until the whole loop ends.
 * Seen twice: a 100,000-row export held the server for 13 s, and 98,000 overdue promise alerts
 * for 3 minutes. Every loop that runs batch after batch awaits this between them. On a
 * PostgreSQL server it costs one turn of the loop a batch, which is nothing beside the query.
 */
export function otherWorkFirst(): Promise<void> {
  return new Promise<void>((resolve) => setImmediate(resolve));
}
