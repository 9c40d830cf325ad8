import { parentPort, workerData } from 'node:worker_threads';
import { checkPdf } from './pdf-check';
import { type PdfJobResult, PdfRefusal, shortMessage } from './pdf-job';

/**
 * The PDF worker: one per uploaded PDF, started by uploaded-document.ts with the file's bytes as
 * `workerData`, answering one PdfJobResult and then left to end (or ended, when it runs over its
 * time). Whatever goes wrong in here, short of a refusal, means the PDF is damaged: a parser that
 * throws, a stack that overflows, a font that will not draw.
 *
 * Built as dist/server/pdf-worker.js (an entry point of scripts/build.mjs), beside the chunk that
 * starts it; run from source (tests, `npm run dev`) through tsx.
 */

const { bytes } = workerData as { bytes: Uint8Array };

const answer = (result: PdfJobResult) => parentPort?.postMessage(result);

checkPdf(bytes).then(answer, (error: unknown) => {
  if (error instanceof PdfRefusal) answer({ ok: false, reason: error.reason, detail: error.detail });
  else answer({ ok: false, reason: 'damaged', detail: `check failed: ${shortMessage(error)}` });
});
