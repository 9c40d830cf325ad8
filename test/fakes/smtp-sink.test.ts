import net from 'node:net';
import nodemailer from 'nodemailer';
import { afterEach, expect, it } from 'vitest';
import { startSmtpSink, type SmtpSink } from './smtp-sink';

let sink: SmtpSink | undefined;
afterEach(async () => sink?.close());

/** Opens a connection, starts a message and resets the connection halfway through it. */
async function vanishMidMessage(port: number) {
  const socket = net.connect(port, '127.0.0.1');
  await new Promise((resolve) => socket.once('data', resolve));
  socket.write('EHLO test\r\nMAIL FROM:<a@example.com>\r\nRCPT TO:<b@example.com>\r\nDATA\r\nSubject: cut\r\n\r\nhal');
  await new Promise((resolve) => setTimeout(resolve, 100));
  socket.resetAndDestroy();
}

// A chaos test SIGKILLs an app process while it is sending; its connections reset mid-message.
// The sink must lose that message quietly and go on receiving, not crash the test process.
it('goes on receiving after clients vanish in the middle of messages', async () => {
  sink = await startSmtpSink();
  for (let i = 0; i < 3; i += 1) await vanishMidMessage(sink.port);

  await nodemailer
    .createTransport({ host: '127.0.0.1', port: sink.port, secure: false, ignoreTLS: true })
    .sendMail({ from: 'a@example.com', to: 'b@example.com', subject: 'after the resets', text: 'hello' });

  expect(sink.received.map((mail) => mail.parsed.subject)).toEqual(['after the resets']);
});
