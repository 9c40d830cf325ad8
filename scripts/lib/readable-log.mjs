// The app logs one JSON object a line (pino): right for `npm start`, where log collectors read it.
// The demo's console is read by people, so there (scripts/demo.mjs) each of the app's JSON lines
// is printed as a sentence, "Warning: <message>", and any other line as it is.

const LEVELS = { 10: 'Trace', 20: 'Debug', 30: 'Info', 40: 'Warning', 50: 'Error', 60: 'Fatal' };

/**
 * A pino JSON line as a sentence ("Warning: Business details not set, ..."); other lines unchanged.
 * @param {string} line
 * @returns {string}
 */
export function readableLogLine(line) {
  if (!line.startsWith('{')) return line;
  let entry;
  try {
    entry = JSON.parse(line);
  } catch {
    return line;
  }
  if (typeof entry?.msg !== 'string') return line;
  const error = typeof entry.err?.message === 'string' ? ` (${entry.err.message})` : '';
  return `${LEVELS[entry.level] ?? 'Log'}: ${entry.msg}${error}`;
}

/**
 * Takes a child's output in chunks, as they come (a line may be split between two), and passes each
 * whole line to `write` as `readableLogLine` words it; `flush()` writes what is left.
 * @param {(text: string) => void} write
 */
export function readableLines(write) {
  let rest = '';
  /** @param {string} chunk */
  const take = (chunk) => {
    const lines = (rest + chunk).split('\n');
    rest = lines.pop() ?? '';
    for (const line of lines) write(`${readableLogLine(line)}\n`);
  };
  take.flush = () => {
    if (rest) write(readableLogLine(rest));
    rest = '';
  };
  return take;
}
