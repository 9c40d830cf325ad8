import fs from 'node:fs';

/**
 * The clock of an app under end-to-end test (TEST_CLOCK_FILE, never set in production): real time
 * moved on by the number of milliseconds written in the file, so a browser test can pass an offer's
 * end or a link's last day without waiting (DESIGN section 9: time comes from the injected clock).
 * The file is read again at most every 50 ms; a missing or unreadable file means no offset.
 */
export function testClock(file: string): () => Date {
  let offsetMs = 0;
  let readAt = 0;
  return () => {
    const now = Date.now();
    if (now - readAt > 50) {
      readAt = now;
      try {
        const value = Number(fs.readFileSync(file, 'utf8').trim());
        offsetMs = Number.isFinite(value) ? value : 0;
      } catch {
        offsetMs = 0;
      }
    }
    return new Date(now + offsetMs);
  };
}
