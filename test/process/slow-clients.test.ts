import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startApp } from '../../scripts/lib/start-app.mjs';

/**
 * Clients on bad connections, and attackers pretending to be one: a request
 * that trickles in must not hold the server open for ever, nor stop it from
 * shutting down.
 */

type Trickler = {
  socket: net.Socket;
  /** Everything the server wrote back. */
  received: () => string;
  /** Resolves when the server (or the network) closed the connection. */
  closed: Promise<void>;
  stop(): void;
};

/** Opens a connection that sends a login request's headers, then one body byte every `everyMs`. */
function trickle(port: number, everyMs: number): Promise<Trickler> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    let received = '';
    let timer: NodeJS.Timeout | undefined;
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (received += chunk));
    const closed = new Promise<void>((done) => socket.once('close', () => done()));
    socket.on('error', () => {});
    socket.once('connect', () => {
      socket.write(
        [
          'POST /api/auth/login HTTP/1.1',
          `Host: 127.0.0.1:${port}`,
          'Content-Type: application/json',
          'Content-Length: 10000',
          '',
          '',
        ].join('\r\n'),
      );
      timer = setInterval(() => {
        if (!socket.destroyed) socket.write(' ');
      }, everyMs);
      void closed.then(() => clearInterval(timer));
      resolve({
        socket,
        received: () => received,
        closed,
        stop() {
          clearInterval(timer);
          socket.destroy();
        },
      });
    });
    socket.once('error', reject);
  });
}

/** A login request whose last bytes arrive `delayMs` after `release` is called. */
function slowButGenuine(port: number) {
  const body = JSON.stringify({ username: 'nobody-here', password: 'not the right password' });
  const socket = net.connect(port, '127.0.0.1');
  let received = '';
  socket.setEncoding('utf8');
  socket.on('data', (chunk: string) => (received += chunk));
  socket.on('error', () => {});
  const closed = new Promise<void>((done) => socket.once('close', () => done()));
  const connected = new Promise<void>((done) => socket.once('connect', () => done()));
  return {
    async begin() {
      await connected;
      socket.write(
        [
          'POST /api/auth/login HTTP/1.1',
          `Host: 127.0.0.1:${port}`,
          'Content-Type: application/json',
          `Content-Length: ${Buffer.byteLength(body)}`,
          'Connection: close',
          '',
          body.slice(0, 10),
        ].join('\r\n'),
      );
    },
    finish() {
      socket.write(body.slice(10));
    },
    closed,
    received: () => received,
  };
}

describe('slow clients against the built server', () => {
  let dataDir: string;
  let stop: (() => Promise<void>) | undefined;
  const sockets: Trickler[] = [];
  afterEach(async () => {
    for (const s of sockets.splice(0)) s.stop();
    await stop?.();
    stop = undefined;
    await rm(dataDir, { recursive: true, force: true });
  });

  it('SIGTERM with many trickling uploads open still exits 0, after answering a request already under way', async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'carbuy-slow-clients-'));
    const app = await startApp({ env: { DATA_DIR: dataDir, LOG_LEVEL: 'info' } });
    stop = app.stop;
    for (let i = 0; i < 40; i++) sockets.push(await trickle(app.port, 1_000));
    const genuine = slowButGenuine(app.port);
    await genuine.begin();
    await new Promise((r) => setTimeout(r, 1_500));

    process.kill(app.pid, 'SIGTERM');
    await new Promise((r) => setTimeout(r, 300));
    genuine.finish();
    await genuine.closed;
    expect(genuine.received()).toMatch(/^HTTP\/1\.1 401 /);

    const exit = await app.exited;
    expect(exit, app.output()).toEqual({ code: 0, signal: null });
    await Promise.all(sockets.map((s) => s.closed));
  }, 60_000);

  it('cuts off a request that has not arrived whole within REQUEST_TIMEOUT_SECONDS', async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'carbuy-slow-clients-'));
    const app = await startApp({ env: { DATA_DIR: dataDir, REQUEST_TIMEOUT_SECONDS: '2' } });
    stop = app.stop;
    const body = await trickle(app.port, 300);
    sockets.push(body);

    // Headers that never finish.
    const headers = net.connect(app.port, '127.0.0.1');
    headers.on('error', () => {});
    let headersReply = '';
    headers.setEncoding('utf8').on('data', (chunk: string) => (headersReply += chunk));
    const headersClosed = new Promise<void>((done) => headers.once('close', () => done()));
    headers.write(`GET /api/health HTTP/1.1\r\nHost: 127.0.0.1:${app.port}\r\n`);
    const drip = setInterval(() => headers.destroyed || headers.write('X-Slow: 1\r\n'), 300);

    await Promise.all([body.closed, headersClosed]);
    clearInterval(drip);
    expect(body.received()).toMatch(/^HTTP\/1\.1 408 /);
    expect(headersReply).toMatch(/^HTTP\/1\.1 408 /);
    // The server is still fine for everyone else.
    expect((await fetch(`${app.baseUrl}/api/health`)).status).toBe(200);
  }, 60_000);
});
