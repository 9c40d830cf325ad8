import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer, type SMTPServerSession } from 'smtp-server';

/**
 * A real SMTP server in the test process (smtp-server, nodemailer's own companion), so tests
 * send through the real SMTP client and read what arrived, parsed by mailparser.
 *
 * It can refuse recipients (a 550 for an address, as a mailbox that does not exist), answer
 * 4xx for a while (a busy server), or be stopped and started again on the same port (a server
 * that is down, then back).
 */

export type ReceivedMail = { envelopeFrom: string; envelopeTo: string[]; raw: Buffer; parsed: ParsedMail };

export type SmtpSink = {
  /** smtp://127.0.0.1:<port>, for SMTP_URL. */
  url: string;
  port: number;
  received: ReceivedMail[];
  /** Recipients refused with a permanent 550. */
  rejectRecipients: Set<string>;
  /** While above zero, each message is refused with 451 and the count goes down. */
  temporaryFailures: number;
  /** Closes the port (connections are refused) until start() again. */
  stop(): Promise<void>;
  start(): Promise<void>;
  close(): Promise<void>;
};

export async function startSmtpSink(options: { port?: number } = {}): Promise<SmtpSink> {
  const sink = {
    url: '',
    port: options.port ?? 0,
    received: [] as ReceivedMail[],
    rejectRecipients: new Set<string>(),
    temporaryFailures: 0,
  };
  let server: SMTPServer | undefined;

  const listen = async () => {
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'], // plain text on loopback; the client sends without TLS
      logger: false,
      size: 25 * 1024 * 1024,
      onRcptTo(address, _session, callback) {
        if (sink.rejectRecipients.has(address.address.toLowerCase())) {
          const error = Object.assign(new Error('Mailbox unavailable: no such user here'), { responseCode: 550 });
          return callback(error);
        }
        callback();
      },
      onData(stream, session: SMTPServerSession, callback) {
        const chunks: Buffer[] = [];
        stream.on('error', (error: Error) => callback(error));
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          if (sink.temporaryFailures > 0) {
            sink.temporaryFailures -= 1;
            return callback(Object.assign(new Error('Try again later: server busy'), { responseCode: 451 }));
          }
          const raw = Buffer.concat(chunks);
          simpleParser(raw).then(
            (parsed) => {
              sink.received.push({
                envelopeFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
                envelopeTo: session.envelope.rcptTo.map((r) => r.address),
                raw,
                parsed,
              });
              callback();
            },
            (error: Error) => callback(error),
          );
        });
      },
    });
    await new Promise<void>((resolve, reject) => {
      server!.once('error', reject);
      server!.listen(sink.port, '127.0.0.1', () => {
        server!.off('error', reject);
        resolve();
      });
    });
    // A client that vanishes mid-message (a process killed by a chaos test) resets its connection;
    // smtp-server reports that as an 'error' on the server, which without a listener would crash
    // the test process. The message simply never arrives, which is what the tests count.
    server.on('error', () => {});
    sink.port = (server.server.address() as AddressInfo).port;
    sink.url = `smtp://127.0.0.1:${sink.port}`;
  };
  const stop = () =>
    new Promise<void>((resolve) => {
      if (!server) return resolve();
      const closing = server;
      server = undefined;
      closing.close(() => resolve());
    });

  await listen();
  return Object.assign(sink, { stop, start: listen, close: stop });
}
